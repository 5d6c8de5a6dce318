# vllm-project/recipes#934: Kimi-K3 (MXFP4) as the recipe renders it for 2 x GB200 NVL4 - TP 8 over 2 nodes (8 x 192 GB < 1680 GB)
vllm serve moonshotai/Kimi-K3 --trust-remote-code --tensor-parallel-size 8 --nnodes 2 --node-rank 0 --master-addr 10.0.0.1
