# xorbitsai/inference#3586: Qwen3-32B (vLLM, GPTQ Int8) pinned to GPUs 4-7 at 0.95, and bge-reranker-v2-m3 unpinned,
# on one server with 8 L20 -> "CUDA error: out of memory" (maintainer: "bge 也指定 gpu idx")
xinference launch --model-name qwen3 --model-type LLM --model-engine vLLM --model-format gptq --size-in-billions 32 --quantization Int8 --n-gpu 4 --replica 1 --n-worker 1 --gpu-idx 4,5,6,7 --model-path /models/Qwen3-32B --enable-thinking true --reasoning-content false --gpu_memory_utilization 0.95

xinference launch --model-name bge-reranker-v2-m3 --model-type rerank --replica 1 --n-gpu auto --model-path /models/bge-reranker-v2-m3
