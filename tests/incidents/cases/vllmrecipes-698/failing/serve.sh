# vllm-project/recipes#698: Kimi-K3 at TP 8 x PP 2 over 2 H200 nodes -> RuntimeError: cp_world_size must be positive
docker run --gpus all \
  --privileged --ipc=host -p 8000:8000 \
  -v /mnt/storage/models:/root/.cache/huggingface \
  --net=host \
  -e VLLM_HOST_IP=$HEAD_IP \
  -e GLOO_SOCKET_IFNAME=$IFACE_NAME \
  -e NCCL_SOCKET_IFNAME=$IFACE_NAME \
  vllm/vllm-openai:kimi-k3 /root/.cache/huggingface/moonshotai/Kimi-K3 \
  --served_model_name Kimi-K3 \
  --trust-remote-code \
  --load-format fastsafetensors \
  --gpu-memory-utilization 0.95 \
  --tensor-parallel-size 8 \
  --pipeline-parallel-size 2 \
  --nnodes 2 \
  --node-rank 0 \
  --master-addr $HEAD_IP \
  --no-enable-flashinfer-autotune \
  --moe-backend marlin \
  --disable-custom-all-reduce \
  --enable-auto-tool-choice \
  --tool-call-parser kimi_k3 \
  --reasoning-parser kimi_k3
