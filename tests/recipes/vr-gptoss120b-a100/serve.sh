# vllm-project/recipes@8959cf64189c OpenAI/GPT-OSS.md lines 44-45: copied as written
# gpt-oss-120b will fit on a single A100 (80GB), but scaling it to higher TP sizes can help with throughput
vllm serve openai/gpt-oss-120b
