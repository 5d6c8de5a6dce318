#!/bin/sh
# ROCm/vllm#397: Llama-2-70b-chat (FP8 weights, FP8 KV cache), one engine per MI300X at TP 1, 2048 sequences -> OOM
# (the harness's llm_kwargs for one of the eight engines, written as vllm serve flags)
vllm serve /data/llm/llama2-70b-chat/ \
  --max-model-len 2048 \
  --block-size 16 \
  --swap-space 0 \
  --gpu-memory-utilization 0.99 \
  --enforce-eager \
  --disable-custom-all-reduce \
  --max-num-batched-tokens 65536 \
  --max-num-seqs 2048 \
  --kv-cache-dtype fp8 \
  --tensor-parallel-size 1 \
  --dtype float16 \
  --quantization fp8
