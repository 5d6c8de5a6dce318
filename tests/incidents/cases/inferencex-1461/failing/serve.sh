# SemiAnalysisAI/InferenceX#1461: the dsv4 fp8 h200 vLLM recipe after its image bump to vllm/vllm-openai:v0.21.0 (tp=8 ep=1 dpa=false)
# -> every TP worker: torch.OutOfMemoryError during model loading, "GPU 2 has a total capacity of 139.81 GiB of which 993.44 MiB is free"
docker run --gpus all --ipc=host -p 8000:8000 vllm/vllm-openai:v0.21.0 \
  deepseek-ai/DeepSeek-V4-Flash \
  --tensor-parallel-size 8 \
  --gpu-memory-utilization 0.95 \
  --trust-remote-code
