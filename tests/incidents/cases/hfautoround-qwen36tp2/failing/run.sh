# https://hugingapi.com/Intel/gemma-4-31B-it-int4-AutoRound/discussions/3 (verbatim)
# Qwen3.6-35B-A3B int4 AutoRound at TP 2 on 2 x RTX 3090: output_size_per_partition = 32 is not divisible by min_thread_n = 64
docker run --rm --gpus all --ipc host --shm-size 16g -p 8000:8000 \
  -v /path/to/hf:/root/.cache/huggingface \
  vllm/vllm-openai:latest \
  --model /root/.cache/huggingface/Intel/Qwen3.6-35B-A3B-int4-AutoRound \
  --tensor-parallel-size 2 --max-model-len 32768 \
  --gpu-memory-utilization 0.92 --disable-custom-all-reduce \
  --trust-remote-code
