# sgl-project/sglang#14365 comment by varoudis (2025-12-03), 'worked on my HGX H200': copied as written
docker run -it --rm \
  --gpus all \
  --ipc=host \
  --shm-size=20g \
  --ulimit memlock=-1 \
  --ulimit stack=67108864 \
  -v /root/.cache/huggingface:/root/.cache/huggingface \
  -p 30000:30000 -e SGLANG_ENABLE_JIT_DEEPGEMM=1 \
  lmsysorg/sglang:latest \
  python3 -m sglang.launch_server \
    --model deepseek-ai/DeepSeek-V3.2 \
    --tp 8 \
    --dp 1 \
    --trust-remote-code \
    --enable-dp-attention \
    --served-model-name mymodel \
    --port 30000 --tool-call-parser deepseekv32 \
  --reasoning-parser deepseek-v3 --host 0.0.0.0
