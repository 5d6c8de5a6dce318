# https://conselara.dev/notes/dgx-spark-benchmarks/: Qwen3-235B-A22B-GPTQ-Int4 on two DGX Sparks,
# "TP=2, EP=2, Ray cluster over QSFP-DD RoCE direct interconnect" - 17.0 tok/s at batch 1, weights 57.64 GiB a node
vllm serve Qwen/Qwen3-235B-A22B-GPTQ-Int4 \
  --tensor-parallel-size 2 --enable-expert-parallel \
  --distributed-executor-backend ray \
  --attention-backend=TRITON_ATTN \
  --quantization=gptq_marlin \
  --kv-cache-dtype=fp8 \
  --gpu-memory-utilization=0.87
