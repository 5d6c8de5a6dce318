# sgl-project/sgl-cookbook@7b5bd9c05e3d docs/autoregressive/Qwen/Qwen3.md lines 344-346: copied as written
python -m sglang.launch_server \
  --model Qwen/Qwen3-235B-A22B-Instruct-2507 \
  --tp 8
