# vllm-project/vllm#25039: Qwen3-Next-80B-A3B FP8 at TP 4 (with EP) on Ampere GPUs -> WorkerProc failed to start
vllm serve Qwen/Qwen3-Next-80B-A3B-Instruct-FP8 --tensor-parallel-size 4 --enable-expert-parallel
