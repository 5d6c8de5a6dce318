# vllm-project/recipes@8959cf64189c Qwen/Qwen3-Coder-480B-A35B.md lines 57-63: copied as written
VLLM_ROCM_USE_AITER=1 vllm serve Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8 \
    --trust-remote-code \
    --max-model-len 131072 \
    --enable-expert-parallel \
    --data-parallel-size 8 \
    --enable-auto-tool-choice \
    --tool-call-parser qwen3_coder
