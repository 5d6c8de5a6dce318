# InternLM/lmdeploy#1646: the same checkpoint with --tp 2, which the reporter says raises no error
lmdeploy serve api_server ./qwen1.5-32b-chat-awq-4bit --model-format awq --tp 2
