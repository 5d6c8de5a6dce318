# OpenBMB/MiniCPM-V#392: MiniCPM-V-2_6 under vLLM 0.5.4 on one RTX 3090 with --max-model-len 3072 and the default 256 sequences -> OOM at start-up ("我降低到了3072都无法运行")
python -m vllm.entrypoints.openai.api_server \
  --model openbmb/MiniCPM-V-2_6 \
  --trust-remote-code \
  --max-model-len 3072
