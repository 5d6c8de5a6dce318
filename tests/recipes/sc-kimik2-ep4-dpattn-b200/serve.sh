# sgl-project/sgl-cookbook@7b5bd9c05e3d docs/autoregressive/Moonshotai/Kimi-K2.md lines 423-431: copied as written
python3 -m sglang.launch_server \
    --model-path moonshotai/Kimi-K2-Instruct \
    --tp 8 \
    --dp 4 \
    --ep 4 \
    --enable-dp-attention \
    --trust-remote-code \
    --host 0.0.0.0 \
    --port 8000
