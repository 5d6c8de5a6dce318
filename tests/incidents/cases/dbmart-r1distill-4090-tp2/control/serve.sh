# https://www.databasemart.com/blog/vllm-distributed-inference-optimization-guide
# 1x RTX 4090, --tensor-parallel-size 1 (the page's single-GPU run: 48.35 s, 3965.41 tok/s)
CUDA_VISIBLE_DEVICES=0 vllm serve deepseek-ai/DeepSeek-R1-Distill-Qwen-7B --tensor-parallel-size 1
