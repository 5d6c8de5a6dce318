# sgl-project/sglang#3436: DeepSeek-R1-Distill-Qwen-1.5B with TP 24 on three nodes
python3 -m sglang.launch_server --host 0.0.0.0 --port 30000 --model-path /root/data/models/DeepSeek-R1-Distill-Qwen-1.5B --tp 24 --dist-init-addr xxx:5000 --nnodes 3 --node-rank 0 --trust-remote-code
python3 -m sglang.launch_server --host 0.0.0.0 --port 30000 --model-path /root/data/models/DeepSeek-R1-Distill-Qwen-1.5B --tp 24 --dist-init-addr xxx:5000 --nnodes 3 --node-rank 1 --trust-remote-code
python3 -m sglang.launch_server --host 0.0.0.0 --port 30000 --model-path /root/data/models/DeepSeek-R1-Distill-Qwen-1.5B --tp 24 --dist-init-addr xxx:5000 --nnodes 3 --node-rank 2 --trust-remote-code
