# https://yangwenbo.com/articles/deepseek-r1-v3-fp8-on-32-l40s.html (parameters the page states)
# DeepSeek-V3-0324 FP8 (128 x 128 blocks) at TP 32 on 4 x 8 L40S: 18432 / 32 = 576 = 4.5 x 128
python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3-0324 --tp 32 --dist-init-addr 10.0.0.1:5000 --nnodes 4 --node-rank 0 --trust-remote-code
