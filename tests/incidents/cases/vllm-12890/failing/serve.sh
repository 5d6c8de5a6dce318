# vllm-project/vllm#12890: DeepSeek-V3 on 8 x H20 (96GB) under a vLLM release before 0.7.1 - the full context does not fit
# (the reporter had to cap --max-model-len at 6500)
python3 -m vllm.entrypoints.openai.api_server --model deepseek-ai/DeepSeek-V3 --port 8108 --gpu-memory-utilization 0.98 --tensor-parallel-size 8 --trust-remote-code --quantization fp8
