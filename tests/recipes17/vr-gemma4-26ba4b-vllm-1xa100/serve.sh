# vllm-project/recipes@8959cf64189c Google/Gemma4.md lines 107-109 ('Multi-GPU Deployment' / '26B MoE on 1× A100/H100 (BF16)' (lines 107-109)): copied as written
vllm serve google/gemma-4-26B-A4B-it \
  --max-model-len 32768 \
  --gpu-memory-utilization 0.90
