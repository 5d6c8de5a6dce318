# https://yangwenbo.com/articles/deepseek-r1-on-l40s-with-sglang.html (parameters the page states)
# DeepSeek-R1-Channel-INT8 at TP 32 on 4 x 8 L40S: serves once the engine's SM89 kernels were fixed
python3 -m sglang.launch_server --model-path meituan/DeepSeek-R1-Channel-INT8 --tp 32 --dist-init-addr 10.0.0.1:5000 --nnodes 4 --node-rank 0 --trust-remote-code --quantization w8a8_int8
