# https://yangwenbo.com/articles/deepseek-r1-v3-fp8-on-32-l40s.html (the page's fix)
# the same checkpoint with its FP8 scales expanded to 64 x 64 blocks: 576 = 9 x 64, 2048 / 32 = 64
python3 -m sglang.launch_server --model-path /models/DeepSeek-V3-0324-block64 --tp 32 --dist-init-addr 10.0.0.1:5000 --nnodes 4 --node-rank 0 --trust-remote-code
