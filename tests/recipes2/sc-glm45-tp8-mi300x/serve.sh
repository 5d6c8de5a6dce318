# sgl-project/sgl-cookbook@7b5bd9c05e3d docs/autoregressive/GLM/GLM-4.5.md lines 291-293: copied as written
python -m sglang.launch_server \
  --model zai-org/GLM-4.5 \
  --tp 8
