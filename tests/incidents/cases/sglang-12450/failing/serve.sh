# https://github.com/sgl-project/sglang/issues/12450: Qwen3-32B at TP 4 over two nodes -> stuck
# node 1
python3 -m sglang.launch_server --model-path /data2/Qwen3-32B --tensor-parallel-size 4 --host 0.0.0.0 --port 30001 --mem-fraction-static 0.9  --nnodes 2 --node-rank 0 --dist-init-addr 10.121.129.5:30000
# node2
python3 -m sglang.launch_server --model-path /data2/Qwen3-32B --tensor-parallel-size 4 --host 0.0.0.0 --port 30001 --mem-fraction-static 0.9  --nnodes 2 --node-rank 1 --dist-init-addr 10.121.129.5:30000
