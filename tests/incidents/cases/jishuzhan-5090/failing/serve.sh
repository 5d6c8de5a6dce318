# https://jishuzhan.net/article/1992293539749888001 (parameters the page states)
# Qwen3-30B-A3B-Instruct-2507 AWQ 4-bit on one RTX 5090 (32 GB) at the default context: OOM
vllm serve models/cpatonn--Qwen3-30B-A3B-Instruct-2507-AWQ-4bit
