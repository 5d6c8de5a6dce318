# vllm-project/vllm#17431: error case (V1 engine, the default of vLLM 0.8.5)
python -m vllm.entrypoints.openai.api_server --model /root/yjpzmodel/basemodel/Qwen3-8B --served-model-name Qwen3-8B --gpu-memory-utilization 0.4 --port 8001
