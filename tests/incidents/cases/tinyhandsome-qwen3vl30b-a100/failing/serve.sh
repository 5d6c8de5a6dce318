# https://github.com/TinyHandsome/BookStudy (deployment notes, Qwen3-VL 30b a3b): one A100 80G at the
# checkpoint's default 262,144-token context: "24.00 GiB KV cache is needed ... available KV cache memory (8.04 GiB)"
docker run -d \
  --name=qwen3-vl \
  --runtime=nvidia \
  --ipc=host \
  --shm-size=128g \
  -p 32806:8000 \
  -v /data2/litian/models:/data/models \
  --gpus '"device=6"' \
  vllm/vllm-openai:v0.11.0 \
  --gpu_memory_utilization 0.9 \
  --model Qwen/Qwen3-VL-30B-A3B-Instruct \
  --served-model-name qwen3-vl \
  --host 0.0.0.0 \
  --port 8000
