# vllm-project/vllm#17327 (Silencezjl): Qwen3-235B-A22B at TP 4 on H20 96GB -> OOM
vllm serve ./Qwen3-235B-A22B --tensor-parallel-size 4
