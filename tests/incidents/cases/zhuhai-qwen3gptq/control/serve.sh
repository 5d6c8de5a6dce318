# https://www.zhuhai.fun/posts/Qwen3_vllm_gptq (the layout the page benchmarks)
# TP 8 with expert parallelism: the experts are placed whole, not split
vllm serve Qwen/Qwen3-235B-A22B-GPTQ-Int4 --tensor-parallel-size 8 --enable-expert-parallel
