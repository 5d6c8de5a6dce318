# vllm-project/vllm#28572: gpt-oss-20b on a host with an RTX 3090 and an RTX 2080 Ti -> start-up fails (vLLM 0.11.0)
uv run --with vllm vllm serve openai/gpt-oss-20b
