# vllm-project/vllm#25292: "Qwen/Qwen3-30B-A3B-FP8 crashes with TP=4" (H100; crash in FusedMoE construction)
vllm serve Qwen/Qwen3-30B-A3B-FP8 --tensor-parallel-size 4
