# sgl-project/sgl-cookbook@7b5bd9c05e3d docs/autoregressive/DeepSeek/DeepSeek-V3.md lines 406-413: copied as written
python3 -m sglang.launch_server \
  --model-path deepseek-ai/DeepSeek-V3 \
  --tp 8 \
  --ep 8 \
  --dp 8 \
  --enable-dp-attention \
  --host 0.0.0.0 \
  --port 8000
