# https://gist.github.com/imfht/50c7a77d68835ef0cfdb129f3b21a6a4: the vLLM configuration that ran (5 tok/s, ~20K context):
# --enforce-eager, a 0.82 share
docker run --gpus all -p 8000:8000 -v /models:/models vllm/vllm-openai:v0.17.1 \
  --model /models/Qwen3.5-27B-AWQ --enforce-eager --gpu-memory-utilization 0.82 --max-model-len 20480
