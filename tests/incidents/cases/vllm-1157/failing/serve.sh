# vllm-project/vllm#1157: Baichuan2-13B-Chat (bfloat16 checkpoint) on Tesla T4
python -m vllm.entrypoints.openai.api_server --model baichuan-inc/Baichuan2-13B-Chat --trust-remote-code --tensor-parallel-size 2
