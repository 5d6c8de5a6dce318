# sgl-project/sgl-cookbook@7b5bd9c05e3d docs/autoregressive/Llama/Llama4.md lines 111-115: copied as written
sglang serve \
  --model-path meta-llama/Llama-4-Scout-17B-16E-Instruct \
  --tp 8 \
  --context-length 1000000 \
  --trust-remote-code
