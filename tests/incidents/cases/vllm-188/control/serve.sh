# vllm-project/vllm#188 (comment by mendhak): "I tried to follow the AWQ advice above and this works"
python -u -m vllm.entrypoints.openai.api_server --host 0.0.0.0 --model TheBloke/Mistral-7B-OpenOrca-AWQ --dtype half --gpu-memory-utilization 0.7  --max-model-len 4096 --quantization awq
