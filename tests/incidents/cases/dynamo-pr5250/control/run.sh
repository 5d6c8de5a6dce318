# ai-dynamo/dynamo#5250 (merged): the same two workers, each given 40% of the GPU
python3 -m dynamo.frontend --router-mode kv &
CUDA_VISIBLE_DEVICES=0 python3 -m dynamo.trtllm \
  --model-path Qwen/Qwen3-0.6B \
  --served-model-name Qwen/Qwen3-0.6B \
  --free-gpu-memory-fraction 0.4 \
  --publish-events-and-metrics &
CUDA_VISIBLE_DEVICES=0 python3 -m dynamo.trtllm \
  --model-path Qwen/Qwen3-0.6B \
  --served-model-name Qwen/Qwen3-0.6B \
  --free-gpu-memory-fraction 0.4 \
  --publish-events-and-metrics
