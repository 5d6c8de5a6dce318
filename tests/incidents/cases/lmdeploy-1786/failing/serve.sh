# InternLM/lmdeploy#1786: a 4-bit AWQ (group 128) Qwen2-72B-Instruct on TurboMind at --tp 2 -> w2 scales (231 groups) cannot be split in two
lmdeploy serve api_server /models/Qwen2-72B-Instruct-awq --backend turbomind --model-format awq --tp 2
