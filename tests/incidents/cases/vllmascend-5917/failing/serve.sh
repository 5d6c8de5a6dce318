# vllm-project/vllm-ascend#5917: two vLLM instances in one pod on its single Ascend NPU (64 GB), each at 0.4;
# instance 2 fails: "Available memory: 0 ... 实际剩余～40G"
vllm serve model_path --port 8001 --gpu-memory-utilization 0.4 &
vllm serve model_path --port 8002 --gpu-memory-utilization 0.4
