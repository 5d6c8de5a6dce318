# vllm-project/vllm#52435: DeepSeek-V4-Flash, TP 3 with expert parallelism on 3 GPUs -> 256 experts / 64 heads not divisible by 3
vllm serve /app/data/deepseek-v4-flash-0731/model \
    --served-model-name deepseek-v4-flash-0731 \
    --tensor-parallel-size 3 \
    --enable-expert-parallel \
    --block-size 256 \
    --gpu-memory-utilization 0.875 \
    --kv-cache-dtype fp8 \
    --enable-auto-tool-choice \
    --tool-call-parser deepseek_v4 \
    --reasoning-parser deepseek_v4
