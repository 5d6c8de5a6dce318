# https://hugingapi.com/Intel/gemma-4-31B-it-int4-AutoRound/discussions/3 (the reporter's working layout: TP 1 on one 3090)
docker run --rm --gpus '"device=0"' --ipc host --shm-size 16g -p 8000:8000 \
  -v /path/to/hf:/root/.cache/huggingface \
  vllm/vllm-openai:latest \
  --model /root/.cache/huggingface/Intel/Qwen3.6-35B-A3B-int4-AutoRound \
  --tensor-parallel-size 1 --max-model-len 32768 \
  --gpu-memory-utilization 0.92 \
  --trust-remote-code
