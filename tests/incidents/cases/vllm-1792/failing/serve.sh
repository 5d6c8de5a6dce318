# vllm-project/vllm#1792: deepseek-coder-6.7B-instruct-AWQ, TP 2, --max-model-len 16384 -> CUDA out of memory
python -m vllm.entrypoints.openai.api_server --model TheBloke/deepseek-coder-6.7B-instruct-AWQ --served-model-name gpt-3.5-turbo-16k-0613 --tensor-parallel-size 2 --max-model-len 16384 --quantization awq --dtype half --load-format safetensors --tokenizer-mode auto --trust-remote-code
