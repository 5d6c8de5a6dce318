# https://www.zhuhai.fun/posts/Qwen3_vllm_gptq (parameters the page states)
# Qwen3-235B-A22B-GPTQ-Int4 at TP 8 on 8 x A100 40GB PCIe: 'size_k must divisible by BLOCK_SIZE_K'
vllm serve Qwen/Qwen3-235B-A22B-GPTQ-Int4 --tensor-parallel-size 8
