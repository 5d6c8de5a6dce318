# QwenLM/Qwen3#668: Qwen2-57B-A14B with --tensor-parallel-size 8 ("cannot be used with tp=8": 28 attention heads)
vllm serve Qwen/Qwen2-57B-A14B-Instruct --tensor-parallel-size 8
