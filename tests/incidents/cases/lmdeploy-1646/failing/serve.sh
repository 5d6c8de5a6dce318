# InternLM/lmdeploy#1646: qwen1.5-32b-chat AWQ 4-bit with --tp 4 -> conversion to TurboMind format fails
lmdeploy serve api_server ./qwen1.5-32b-chat-awq-4bit --model-format awq --tp 4
