# NVIDIA-NeMo/Nemotron#289: the Nemotron-3-Ultra vLLM cookbook's NVFP4 (8x H100) command, in vllm/vllm-openai:v0.22.0
# -> the reporter: "The cookbook is wrong for 8xH100, tensor paralelism must be 8, and no data paralelism"
vllm serve nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-NVFP4 \
  --served-model-name nemotron-3-ultra \
  --trust-remote-code \
  --tensor-parallel-size 1 \
  --data-parallel-size 8 \
  --mamba-cache-dtype float16 \
  --mamba-ssm-cache-dtype float16 \
  --mamba-cache-philox-rounds 5 \
  --enable-mamba-cache-stochastic-rounding \
  --max-num-seqs 128 \
  --tool-call-parser qwen3_coder \
  --reasoning-parser nemotron_v3 \
  --host 0.0.0.0 \
  --port 8000
