# ai-dynamo/dynamo#5250: the TRT-LLM example's default mode on one H100 - two workers on the same GPU, no memory fraction set
# -> "90% memory will go to the 1st worker. A request on the 2nd worker can cause it OOM."
python3 -m dynamo.frontend --router-mode kv &
CUDA_VISIBLE_DEVICES=0 python3 -m dynamo.trtllm \
  --model-path Qwen/Qwen3-0.6B \
  --served-model-name Qwen/Qwen3-0.6B \
  --publish-events-and-metrics &
CUDA_VISIBLE_DEVICES=0 python3 -m dynamo.trtllm \
  --model-path Qwen/Qwen3-0.6B \
  --served-model-name Qwen/Qwen3-0.6B \
  --publish-events-and-metrics
