# vllm-project/vllm#3285: "Same for the TheBlokes AWQ quantized model... there with enforce-eager it works with a model len of 1000"
python -m vllm.entrypoints.openai.api_server --model TheBloke/Mixtral-8x7B-Instruct-v0.1-AWQ --quantization awq --tensor-parallel-size 4 --max-model-len 1000 --enforce-eager
