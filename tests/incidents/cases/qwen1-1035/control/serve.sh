# QwenLM/Qwen#1035: the same model on one GPU, which runs ("使用一张显卡--tensor-parallel-size 1可以正常运行")
python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen-14B-Chat-Int4 --trust-remote-code --tensor-parallel-size 1
