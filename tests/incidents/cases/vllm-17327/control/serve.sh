# vllm-project/vllm#17327 (Silencezjl): the same model with default arguments on 8 x H20 runs (440 GB in use)
vllm serve ./Qwen3-235B-A22B --tensor-parallel-size 8
