# sgl-project/sglang#3448: DeepSeek-R1 with TP 32 on 4 nodes x 8 H20 fails to load
# node 0 (nodes 1-3 run the same command with --node-rank 1, 2, 3)
docker run -dit --gpus all --shm-size 32g --name sglang_multinode1 --network host -p 30000:30000 -p 5000:5000 -v /data:/root/data --ipc=host lmsysorg/sglang:latest \
 python3 -m sglang.launch_server --host 0.0.0.0 --port 30000 --model-path /root/data/models/DeepSeek-R1 --tp 32 --dist-init-addr XXXX:5000 --nnodes 4 --node-rank 0 --trust-remote-code
docker run -dit --gpus all --shm-size 32g --name sglang_multinode2 --network host -p 30000:30000 -p 5000:5000 -v /data:/root/data --ipc=host lmsysorg/sglang:latest \
 python3 -m sglang.launch_server --host 0.0.0.0 --port 30000 --model-path /root/data/models/DeepSeek-R1 --tp 32 --dist-init-addr XXXX:5000 --nnodes 4 --node-rank 1 --trust-remote-code
docker run -dit --gpus all --shm-size 32g --name sglang_multinode3 --network host -p 30000:30000 -p 5000:5000 -v /data:/root/data --ipc=host lmsysorg/sglang:latest \
 python3 -m sglang.launch_server --host 0.0.0.0 --port 30000 --model-path /root/data/models/DeepSeek-R1 --tp 32 --dist-init-addr XXXX:5000 --nnodes 4 --node-rank 2 --trust-remote-code
docker run -dit --gpus all --shm-size 32g --name sglang_multinode4 --network host -p 30000:30000 -p 5000:5000 -v /data:/root/data --ipc=host lmsysorg/sglang:latest \
 python3 -m sglang.launch_server --host 0.0.0.0 --port 30000 --model-path /root/data/models/DeepSeek-R1 --tp 32 --dist-init-addr XXXX:5000 --nnodes 4 --node-rank 3 --trust-remote-code
