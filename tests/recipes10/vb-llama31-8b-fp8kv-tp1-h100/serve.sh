# vllm-project/vllm-project.github.io@c3a01c4a _posts/2026-04-22-fp8-kvcache.md lines 43-44 (the quick-start comment and its FP8 KV-cache line): copied as written
# FP8 KV-cache for all layers
vllm serve meta-llama/Llama-3.1-8B --kv-cache-dtype fp8
