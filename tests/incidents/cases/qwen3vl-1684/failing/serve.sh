# QwenLM/Qwen3-VL#1684: vLLM 0.11.0 non-default args of the log (max_model_len 100000, TP 8, EP, async scheduling) on 8 x A100 -> OOM
vllm serve checkpoints/Qwen/Qwen3-VL-235B-A22B-Instruct-FP8 --tensor-parallel-size 8 --max-model-len 100000 --async-scheduling --enable-expert-parallel
