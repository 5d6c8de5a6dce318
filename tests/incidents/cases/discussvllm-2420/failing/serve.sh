# https://discuss.vllm.ai/t/torch-outofmemoryerror-cuda-out-of-memory/2420 (parameters the thread states)
# Qwen3.5-9B (BF16, 19.3 GB of weights) on one 16 GB GPU: CUDA out of memory
vllm serve Qwen/Qwen3.5-9B
