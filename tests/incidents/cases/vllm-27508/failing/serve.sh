# vllm-project/vllm#27508: gpt-oss-120b on one H100 80GB at its default 128K context
vllm serve openai/gpt-oss-120b
