# vllm-project/vllm#15604: DeepSeek-Coder-V2-Lite-Instruct at TP 8 with expert parallelism -> fails to start (error not in the stored text)
vllm serve deepseek-ai/DeepSeek-Coder-V2-Lite-Instruct --tensor-parallel-size 8 --trust-remote-code --enable-expert-parallel
