# sgl-project/sgl-cookbook@7b5bd9c05e3d docs/autoregressive/Llama/Llama4.md lines 290-294: copied as written
sglang serve \
  --model-path meta-llama/Llama-4-Maverick-17B-128E-Instruct \
  --tp 8 \
  --context-length 1000000 \
  --trust-remote-code
