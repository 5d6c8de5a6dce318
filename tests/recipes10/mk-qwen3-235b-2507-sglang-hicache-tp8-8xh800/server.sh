# kvcache-ai/Mooncake@3b5a5941 docs/source/performance/sglang/sglang-hicache-benchmark-results-v1.md lines 152-159 (the 'HiCache L1 + L2' block of the H800 server): copied as written
numactl --cpunodebind=0,1 --interleave=0,1 \
python3 -m sglang.launch_server \
    --model-path $MODEL_PATH \
    --tp 8 \
    --page-size 64 \
    --enable-hierarchical-cache \
    --hicache-write-policy write_through \
    --hicache-size 30 # 8*30 = 240GB
