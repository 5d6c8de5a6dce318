# https://github.com/eugr/spark-vllm-docker/issues/396 (the recipe's stock defaults the thread states)
# MiniMax-M2.7 AWQ at TP 2 over two DGX Sparks, 196608 tokens at util 0.8: 23.25 GiB of KV needed, 22.5 GiB available
vllm serve MiniMax-M2.7-AWQ --tensor-parallel-size 2 --max-model-len 196608 --gpu-memory-utilization 0.8 --trust-remote-code
