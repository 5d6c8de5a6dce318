# vllm-project/vllm#29447: two GB200 nodes (4 GPUs each) joined by Ray; TP 8 started on the head node
# without --distributed-executor-backend ray (vllm 0.11.2) -> "Multinode TP Errors when TP > number GPUS on 1 node"
# On head node:
ray start --head --num-gpus 4
# On worker node:
ray start --address='<IP>:<PORT>' --num-gpus 4
# On head node:
vllm serve meta-llama/Llama-3.3-70B-Instruct --gpu-memory-utilization 0.9 --served-model-name llama3.3-70b --tensor-parallel-size 8 --pipeline-parallel-size 1 --data-parallel-size 1 --max-model-len 2048 --port $port
