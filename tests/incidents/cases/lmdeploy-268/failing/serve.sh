# InternLM/lmdeploy#268: llama2-chat-13b-w4 (AWQ g128) with tp 8 on 8 x RTX 4090 -> assertion splitting scales_zeros [108, 5120]
lmdeploy serve api_server ./llama2-chat-13b-w4 --model-format awq --tp 8
