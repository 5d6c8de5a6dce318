# https://www.databasemart.com/blog/vllm-distributed-inference-optimization-guide
# 2x RTX 4090, --tensor-parallel-size 2: 106.97 s / 1796.83 tok/s for the 300-request run (one 4090 at TP 1: 48.35 s / 3965.41 tok/s)
vllm serve deepseek-ai/DeepSeek-R1-Distill-Qwen-7B --tensor-parallel-size 2
