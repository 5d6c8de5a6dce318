# vllm-project/vllm#2856: the same model with TP 4, which the reporter says works fine
python -m vllm.entrypoints.openai.api_server --model TheBloke/Llama-2-70B-AWQ --quantization awq --dtype half --tensor-parallel-size 4
