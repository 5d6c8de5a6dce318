# vllm-project/vllm#44763: Qwen3-30B-A3B with FP8 per-block online quantization at TP 4 -> MoE intermediate 768/4=192 not divisible by the 128 block
vllm serve Qwen/Qwen3-30B-A3B --tensor-parallel-size 4 --quantization fp8_per_block
