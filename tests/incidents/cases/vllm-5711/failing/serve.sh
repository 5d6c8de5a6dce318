# vllm-project/vllm#5711: Llama 3 70B on "GPU 0: NVIDIA A100 80GB PCIe" (no tensor parallelism)
vllm serve meta-llama/Meta-Llama-3-70B-Instruct
