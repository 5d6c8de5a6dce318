# https://rl.huuu.biz/r/LocalLLaMA/comments/1kkvqti (r/LocalLLaMA): Qwen3-32B-AWQ at tp2 on 2 x RTX 3090, 124 output tok/s
# specify --max-model-len xxx if you get CUDA out of memory when running higher quants
vllm serve Qwen/Qwen3-32B-AWQ --enable-reasoning --reasoning-parser deepseek_r1 --gpu-memory-utilization 0.85 --disable-log-requests -tp 2
