# vllm-project/vllm#6689: "works well on A100-80GB:8 with v0.5.3.post1"
vllm serve meta-llama/Meta-Llama-3.1-405B-Instruct-FP8 --tensor-parallel-size 8 --max-model-len 4096
