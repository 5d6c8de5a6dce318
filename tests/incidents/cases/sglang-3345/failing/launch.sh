# sgl-project/sglang#3345: DeepSeek-R1 on 4 nodes x 8 H100 with TP 32 fails to load
# node 1
python -m sglang.launch_server --model-path DeepSeek-R1 --tp 32 --dist-init-addr [fdbd:dccd:3dc2:12c8:0:1c::]:5000 --nnodes 4 --node-rank 0 --trust-remote-code
# node 2
python -m sglang.launch_server --model-path DeepSeek-R1 --tp 32 --dist-init-addr [fdbd:dccd:3dc2:12c8:0:1c::]:5000 --nnodes 4 --node-rank 1 --trust-remote-code
# node 3
python -m sglang.launch_server --model-path DeepSeek-R1 --tp 32 --dist-init-addr [fdbd:dccd:3dc2:12c8:0:1c::]:5000 --nnodes 4 --node-rank 2 --trust-remote-code
# node 4
python -m sglang.launch_server --model-path DeepSeek-R1 --tp 32 --dist-init-addr [fdbd:dccd:3dc2:12c8:0:1c::]:5000 --nnodes 4 --node-rank 3 --trust-remote-code
