# vllm-project/vllm#23278: a commenter's working limit
vllm serve openai/gpt-oss-120b --max-model-len 100000
