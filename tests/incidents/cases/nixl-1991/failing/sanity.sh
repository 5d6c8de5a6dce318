# ai-dynamo/nixl#1991: the CI's SGLang sanity stage (prefill and decode servers of Qwen3-8B on one shared GB200 node, NIXL transfer)
# -> prefill: "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static" (avail mem=15.29 GB on GPU 0; another tenant held ~170 GB)
CUDA_VISIBLE_DEVICES=0 python3 -m sglang.launch_server \
  --model-path Qwen/Qwen3-8B \
  --disaggregation-mode prefill \
  --disaggregation-transfer-backend nixl \
  --mem-fraction-static 0.3 \
  --port 16501 &
CUDA_VISIBLE_DEVICES=1 python3 -m sglang.launch_server \
  --model-path Qwen/Qwen3-8B \
  --disaggregation-mode decode \
  --disaggregation-transfer-backend nixl \
  --mem-fraction-static 0.3 \
  --port 16502 &
wait
