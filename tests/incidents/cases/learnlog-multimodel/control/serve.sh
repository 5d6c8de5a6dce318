# https://www.learnlog.dev/vllm-multi-model-gpu-utilization: two vLLM instances on one L40S (48 GB),
# "Two models, one GPU, zero conflicts ... Total GPU allocation: 75% (36GB of 48GB)"
# Model 1: Embedding (lightweight)
vllm serve Qwen/Qwen3-Embedding-0.6B \
--host 0.0.0.0 \
--port 8010 \
--gpu-memory-utilization 0.15 \
--max-model-len 8192 &

# Model 2: Guard/Generation (heavy)
vllm serve Qwen/Qwen3Guard-Gen-8B \
--host 0.0.0.0 \
--port 8000 \
--gpu-memory-utilization 0.60 \
--max-model-len 32768
