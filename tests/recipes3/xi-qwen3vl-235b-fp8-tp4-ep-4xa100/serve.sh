# xorbitsai/inference pull request #4112 description (Jun-Howie, 2025-09-29), 'Usage Examples', block under '4 × A100-80G (FP8)': copied as written
 vllm serve \
    ./Qwen3-VL-235B-A22B-Instruct-FP8 \
    --enable-expert-parallel \
    --max-model-len 32768 \
    --tensor-parallel-size 4
