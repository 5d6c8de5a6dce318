# timothystewart6/vllm-gb10#7: Qwen3-32B with --max-model-len 131072 (> max_position_embeddings 40960) -> device-side assert on the first request, crash loop
vllm serve Qwen/Qwen3-32B --max-model-len 131072
