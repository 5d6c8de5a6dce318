# vllm-project/vllm#6689: Llama 3.1 405B FP8, TP 8 on A100-80GB:8, without a context limit
vllm serve meta-llama/Meta-Llama-3.1-405B-Instruct-FP8 --tensor-parallel-size 8
