# MoonshotAI/Kimi-K2@c6157be8531e docs/deploy_guidance.md lines 18-27 ('vLLM Deployment' / 'Tensor Parallelism' block): copied as written
# start ray on node 0 and node 1

# node 0:
vllm serve $MODEL_PATH \
  --port 8000 \
  --served-model-name kimi-k2 \
  --trust-remote-code \
  --tensor-parallel-size 16 \
  --enable-auto-tool-choice \
  --tool-call-parser kimi_k2
