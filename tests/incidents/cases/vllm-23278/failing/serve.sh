# vllm-project/vllm#23278: gpt-oss-120b at its default 128K context on one H100
vllm serve openai/gpt-oss-120b
