# sgl-project/sglang#3398 (verbatim)
# First node
export NCCL_SOCKET_IFNAME=eth0
export GLOO_SOCKET_IFNAME=eth0
export NCCL_DEBUG=TRACE
python3 -m sglang.launch_server --model-path /code/llm-benchmark-script/data/raw/DeepSeek-V3 --tp 16 --dist-init-addr 11.130.1.53:5000 --nnodes 2 --node-rank 0 --trust-remote-code --host 0.0.0.0 --port 6178
# Second node
python3 -m sglang.launch_server --model-path /code/llm-benchmark-script/data/raw/DeepSeek-V3 --tp 16 --dist-init-addr 11.130.1.53:5000 --nnodes 2 --node-rank 1 --trust-remote-code --host 0.0.0.0 --port 6178
