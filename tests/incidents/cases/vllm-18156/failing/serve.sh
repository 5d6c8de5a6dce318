# vllm-project/vllm#18156: Qwen3-235B-A22B-AWQ at TP 4 on 4 x A10 -> OOM
VLLM_USE_V1=0 vllm serve cognitivecomputations/Qwen3-235B-A22B-AWQ --tensor-parallel-size 4  --max-model-len 8192 --gpu-memory-utilization 0.95   --distributed-executor-backend mp
