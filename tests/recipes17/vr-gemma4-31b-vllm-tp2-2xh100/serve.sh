# vllm-project/recipes@8959cf64189c Google/Gemma4.md lines 95-98 ('Multi-GPU Deployment' / '31B Dense on 2× A100/H100 (TP2, BF16)' (lines 95-98)): copied as written
vllm serve google/gemma-4-31B-it \
  --tensor-parallel-size 2 \
  --max-model-len 32768 \
  --gpu-memory-utilization 0.90
