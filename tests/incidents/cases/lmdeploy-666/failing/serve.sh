# InternLM/lmdeploy#666: qwen-14b-w4 (AWQ, group size 128) on TurboMind at tp 2 -> the weights do not split (maintainer: "group_size=128量化后，权重维度不能被TP整除了")
lmdeploy serve api_server ./qwen-14b-w4 --model-format awq --tp 2
