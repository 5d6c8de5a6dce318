# vllm-project/vllm#2419: "`--tensor-parallel-size=2` works fine"
python -m vllm.entrypoints.api_server --model csdc-atl/Baichuan2-7B-Chat-GPTQ-Int4 --quantization gptq --tensor-parallel-size 2 --trust-remote-code --dtype float16
