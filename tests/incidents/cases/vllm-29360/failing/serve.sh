# vllm-project/vllm#29360: Qwen3-Coder-480B-FP8 on 8 x H20 -> DeepGEMM warm-up OOM (vLLM 0.11.1)
vllm serve Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8 --tensor-parallel-size 8 --enable-expert-parallel
