# xorbitsai/inference pull request #4112 description (Jun-Howie, 2025-09-29), 'Usage Examples', block under '2 × A100-80G (AWQ)': copied as written
vllm serve \
    ./Qwen3-VL-235B-A22B-Instruct-AWQ \
    --enable-expert-parallel \
    --max-model-len 32768 \
    --tensor-parallel-size 2
