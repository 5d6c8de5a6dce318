# sgl-project/sglang#3491: DeepSeek-R1 converted to BF16, TP 32 on 4 nodes x 8 A100 -> 576 not divisible by block_n 128
# node 1
python3 -m sglang.launch_server --model-path /workspace/models/DeepSeek-R1-BF16 --tp 32 --dist-init-addr 10.0.0.1:5000 --nnodes 4 --node-rank 0 --trust-remote-code --host 10.0.0.1 --port 8086
# node 2
python3 -m sglang.launch_server --model-path /workspace/models/DeepSeek-R1-BF16 --tp 32 --dist-init-addr 10.0.0.1:5000 --nnodes 4 --node-rank 1 --trust-remote-code
# node 3
python3 -m sglang.launch_server --model-path /workspace/models/DeepSeek-R1-BF16 --tp 32 --dist-init-addr 10.0.0.1:5000 --nnodes 4 --node-rank 2 --trust-remote-code
# node 4
python3 -m sglang.launch_server --model-path /workspace/models/DeepSeek-R1-BF16 --tp 32 --dist-init-addr 10.0.0.1:5000 --nnodes 4 --node-rank 3 --trust-remote-code
