# https://gist.github.com/imfht/50c7a77d68835ef0cfdb129f3b21a6a4: Qwen3.5-27B-AWQ on one RTX 5090 under vLLM 0.17.1,
# "--gpu-memory-utilization > 0.82 crash | 高 util + enforce-eager + 首次请求 = OOM"
docker run --gpus all -p 8000:8000 -v /models:/models vllm/vllm-openai:v0.17.1 \
  --model /models/Qwen3.5-27B-AWQ --enforce-eager --gpu-memory-utilization 0.9 --max-model-len 20480
