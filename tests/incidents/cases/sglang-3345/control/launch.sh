# sgl-project/sglang#3345: TP 16 on 2 nodes x 8 H100 ("the inference was normal")
# node 1
python -m sglang.launch_server --model-path DeepSeek-R1 --tp 16 --dist-init-addr [fdbd:dccd:3dc2:12c8:0:1c::]:5000 --nnodes 2 --node-rank 0 --trust-remote-code
# node 2
python -m sglang.launch_server --model-path DeepSeek-R1 --tp 16 --dist-init-addr [fdbd:dccd:3dc2:12c8:0:1c::]:5000 --nnodes 2 --node-rank 1 --trust-remote-code
