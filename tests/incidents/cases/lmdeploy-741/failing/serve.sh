# InternLM/lmdeploy#741: LLaMA-65B w4a16 (AWQ, group size 128) converted for TurboMind at tp 8 -> "不支持tp=8"
lmdeploy serve api_server /path/to/workdir/w4a16 --model-format awq --tp 8
