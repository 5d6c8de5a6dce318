# vllm-project/vllm#5790 (verbatim; the API key is elided)
CUDA_VISIBLE_DEVICES=0,1,2,3 python -m vllm.entrypoints.openai.api_server --port 5000 --disable-custom-all-reduce --engine-use-ray --gpu-memory-utilization 0.98 --model ~/models/Qwen2-72B-Instruct-AWQ --api-key KEY --served-model-name gpt-3.5-turbo -tp 4
