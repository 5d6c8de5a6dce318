# InternLM/lmdeploy#896: qwen-14b-w4 (AWQ, group size 128) on TurboMind at tp 2 (lmdeploy 0.1.0) -> conversion fails
# (maintainer: "scale_zeroes的shape不能被tp整除，所以tp失败")
lmdeploy serve api_server ./qwen-14b-w4 --model-format awq --tp 2
