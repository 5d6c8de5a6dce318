# reddit r/LocalLLaMA post 1kkvqti "Qwen3 throughput benchmarks on 2x 3090" (May 12 '25), section "How to run the benchmark": copied as written
# specify --max-model-len xxx if you get CUDA out of memory when running higher quants
vllm serve Qwen/Qwen3-32B-AWQ --enable-reasoning --reasoning-parser deepseek_r1 --gpu-memory-utilization 0.85 --disable-log-requests -tp 2
