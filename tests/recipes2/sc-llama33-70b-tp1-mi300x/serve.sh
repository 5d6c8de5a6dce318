# sgl-project/sgl-cookbook@7b5bd9c05e3d docs/autoregressive/Llama/Llama3.3-70B.md lines 63-68: copied as written
python -m sglang.launch_server \
  --model-path meta-llama/Llama-3.3-70B-Instruct \
  --tool-call-parser llama3 \
  --tp 1 \
  --host 0.0.0.0 \
  --port 30000
