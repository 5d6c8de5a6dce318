# vllm-project/vllm#49064 (cadamcat's reproduction): H100 80GB, vLLM 0.28.0, Qwen3.8-27B at 132000 context
# -> "ValueError: max_num_seqs (1024) exceeds available Mamba cache blocks (969)."
vllm serve Qwen/Qwen3.8-27B --max-model-len 132000 --gpu-memory-utilization 0.90
