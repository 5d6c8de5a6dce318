# vllm-project/vllm#29240: GLM-4.6-FP8 at TP 8 with expert parallel on RTX PRO 6000 Server Edition, the author's working command
vllm serve \
  "zai-org/GLM-4.6-FP8" \
  --tensor-parallel-size 8 \
  --tool-call-parser glm45 \
  --enable-auto-tool-choice \
  --enable-expert-parallel \
  --reasoning-parser glm45 \
  --max-model-len 32768
