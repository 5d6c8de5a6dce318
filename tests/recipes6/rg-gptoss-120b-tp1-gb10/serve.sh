# rossingram/Spark-DGX-Benchmark docs/GPT-OSS-Benchmark-Setup.md@67e3486f3af9: lines 73-83 (the fenced block of section 3, 'Serve GPT-OSS-120B using vLLM'), copied as written
vllm serve "openai/gpt-oss-120b" \
  --host 0.0.0.0 \
  --port 8000 \
  --async-scheduling \
  --trust-remote-code \
  --tensor-parallel-size 1 \
  --gpu-memory-utilization 0.7 \
  --swap-space 32 \
  --max-model-len 64000 \
  --max-num-seqs 512 \
  --gpu-memory-utilization 0.75
