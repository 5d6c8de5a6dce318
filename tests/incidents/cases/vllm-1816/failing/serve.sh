# vllm-project/vllm#1816: Qwen-14B-Chat-AWQ at tensor_parallel_size 2 -> AWQ input size error
python -m vllm.entrypoints.openai.api_server --model TheBloke/Qwen-14B-Chat-AWQ --quantization awq --trust-remote-code --tensor-parallel-size 2
