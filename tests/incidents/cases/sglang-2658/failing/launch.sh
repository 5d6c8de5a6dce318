# sgl-project/sglang#2658. node 2 is verbatim from the thread; node 1 is the same command with
# --node-rank 0 and the head's own address, as the thread and the guide it follows say
# node 1
GLOO_SOCKET_IFNAME=eth0 /root/anaconda3/envs/sglang/bin/python -m sglang.launch_server --model-path /models/deepseek-ai/DeepSeek-V3 --tp 16 --nccl-init first_ip:8001 --nnodes 2 --node-rank 0 --trust-remote-code
# node 2
GLOO_SOCKET_IFNAME=eth0 /root/anaconda3/envs/sglang/bin/python -m sglang.launch_server --model-path /models/deepseek-ai/DeepSeek-V3 --tp 16 --nccl-init second_ip:8001 --nnodes 2 --node-rank 1 --trust-remote-code
