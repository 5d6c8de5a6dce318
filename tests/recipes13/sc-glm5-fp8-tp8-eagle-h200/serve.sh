# sgl-project/sgl-cookbook@7b5bd9c05e3d docs/autoregressive/GLM/GLM-5.md lines 71-82: copied as written
sglang serve \
  --model zai-org/GLM-5-FP8 \
  --tp 8 \
  --tool-call-parser glm47 \
  --reasoning-parser glm45 \
  --speculative-algorithm EAGLE \
  --speculative-num-steps 3 \
  --speculative-eagle-topk 1 \
  --speculative-num-draft-tokens 4 \
  --mem-fraction-static 0.85 \
  --host 0.0.0.0 \
  --port 30000
