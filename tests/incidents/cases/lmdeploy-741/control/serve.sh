# InternLM/lmdeploy#741: the same LLaMA-65B w4a16 checkpoint at tp 4, "# 支持tp=4"
lmdeploy serve api_server /path/to/workdir/w4a16 --model-format awq --tp 4
