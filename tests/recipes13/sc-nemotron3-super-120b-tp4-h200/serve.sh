# sgl-project/sgl-cookbook@7b5bd9c05e3d docs/autoregressive/NVIDIA/Nemotron3-Super.md lines 406-412: copied as written
python3 -m sglang.launch_server \
  --model-path nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-BF16 \
  --trust-remote-code \
  --tp 4 \
  --max-running-requests 1024 \
  --host 0.0.0.0 \
  --port 5000
