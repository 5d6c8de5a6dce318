# xorbitsai/inference#3582: Qwen2.5-VL-7B-Instruct on one RTX 3090 straight with vLLM, which deploys ("直接用vllm是可以部署的")
VLLM_USE_MODELSCOPE=true vllm serve /22085400529/llm/Qwen2.5-VL-7B-Instruct \
  --max-model-len 2048\
  --host 0.0.0.0 \
  --gpu_memory_utilization 0.95\
  --port 8000
