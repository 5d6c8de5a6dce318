# sgl-project/sglang#31799: nvidia/DeepSeek-V4-Pro-NVFP4 with flat TP 24 over 3 nodes x 8 H200 (image lmsysorg/sglang:nightly-dev-cu13-20260715-50d1edaa)
# -> AssertionError: 129280 is not divisible by 24 (and, once padded, 65536 is not divisible by 24 in the first attention layer)
sglang serve --model-path nvidia/DeepSeek-V4-Pro-NVFP4 --tp 24 --nnodes 3 --node-rank 0 --dist-init-addr node0:5000 --trust-remote-code
sglang serve --model-path nvidia/DeepSeek-V4-Pro-NVFP4 --tp 24 --nnodes 3 --node-rank 1 --dist-init-addr node0:5000 --trust-remote-code
sglang serve --model-path nvidia/DeepSeek-V4-Pro-NVFP4 --tp 24 --nnodes 3 --node-rank 2 --dist-init-addr node0:5000 --trust-remote-code
