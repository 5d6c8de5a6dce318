# vllm-project/vllm#22140: GLM-4.5-Air-FP8 with pipeline parallel 3 on 3 x RTX PRO 6000 Blackwell, which the reporter says works
CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES=0,1,2 vllm serve /mnt/2king/llama-models/zai-org/GLM-4.5-Air-FP8 --gpu-memory-utilization 0.94  --port 8001 --served-model-name GLM-4.5-Air --kv-cache-dtype fp8 --pipeline-parallel-size 3 --tensor-parallel-size 1
