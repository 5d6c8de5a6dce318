# sgl-project/sgl-cookbook@7b5bd9c05e3d docs/autoregressive/Llama/Llama3.1.md lines 286-288: copied as written
sglang serve \
  --model-path Meta-Llama/Llama-3.1-70B \
  --tp 8
