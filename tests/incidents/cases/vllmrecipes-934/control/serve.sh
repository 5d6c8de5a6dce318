# vllm-project/recipes#934: "Kimi-K3 requires at least 16 B200/GB200 GPUs" - TP 16 over 4 GB200 NVL4 nodes
vllm serve moonshotai/Kimi-K3 --trust-remote-code --tensor-parallel-size 16 --nnodes 4 --node-rank 0 --master-addr 10.0.0.1
