# OpenBMB/MiniCPM-V#844: MiniCPM-o-2_6 (not GGUF) under vLLM on 2x RTX 3090 at the default context -> OOM (maintainer: use --max-model-len 4096)
python -m vllm.entrypoints.openai.api_server \
  --model openbmb/MiniCPM-o-2_6 \
  --trust-remote-code \
  --tensor-parallel-size 2
