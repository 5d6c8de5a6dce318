# vllm-project/vllm#1479: CodeLlama-7B-AWQ on one RTX 3060 12 GB at --max-model-len 512 -> CUDA out of memory after the KV cache was sized
python -m vllm.entrypoints.api_server --trust-remote-code --model TheBloke/CodeLlama-7B-AWQ --quantization awq --dtype half --max-model-len 512
