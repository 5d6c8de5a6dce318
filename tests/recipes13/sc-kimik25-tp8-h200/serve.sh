# sgl-project/sgl-cookbook@7b5bd9c05e3d docs/autoregressive/Moonshotai/Kimi-K2.5.md lines 557-562: copied as written
sglang serve \
  --model-path moonshotai/Kimi-K2.5 \
  --tp 8 \
  --trust-remote-code \
  --host 0.0.0.0 \
  --port 30000
