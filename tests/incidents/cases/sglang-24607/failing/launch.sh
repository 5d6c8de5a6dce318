# sgl-project/sglang#24607: MiMo-V2.5-Pro with TP=16 on 2 nodes of 8 H200 -> fused qkv_proj shard shape mismatch when tp_size > num_key_value_heads
# (the maintainer: "mimov2.5 pro only supports TP8. If you are deploying on two nodes, you can enable DP attention and set dpsize to 2")
# node 0 of 2
sglang serve --trust-remote-code --model-path XiaomiMiMo/MiMo-V2.5-Pro --tp 16 --nnodes 2 --node-rank 0 --dist-init-addr 10.0.0.1:5000 --host 0.0.0.0 --port 30000
# node 1 of 2
sglang serve --trust-remote-code --model-path XiaomiMiMo/MiMo-V2.5-Pro --tp 16 --nnodes 2 --node-rank 1 --dist-init-addr 10.0.0.1:5000 --host 0.0.0.0 --port 30000
