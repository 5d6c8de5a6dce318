# vllm-project/recipes@8959cf64189c DeepSeek/DeepSeek-V3.md lines 42-45: copied as written
vllm serve deepseek-ai/DeepSeek-R1-0528 \
  --trust-remote-code \
  --tensor-parallel-size 8 \
  --enable-expert-parallel
