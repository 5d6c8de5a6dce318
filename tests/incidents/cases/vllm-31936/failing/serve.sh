# vllm-project/vllm#31936: DeepSeek-V3.2 on 8 x RTX PRO 6000 -> the workers fail in get_attn_backend (vLLM 0.13.0)
vllm serve /root/autodl-tmp/models/DeepSeek-V3.2 --tensor-parallel-size 8  --gpu-memory-utilization 0.9 --max-model-len 512 --port 11434  --served-model-name DeepSeek-V3.2 --trust-remote-code --enable-expert-parallel
