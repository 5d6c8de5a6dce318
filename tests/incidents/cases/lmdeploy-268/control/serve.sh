# InternLM/lmdeploy#268: the same checkpoint with tp 4, which the reporter says deploys and runs
lmdeploy serve api_server ./llama2-chat-13b-w4 --model-format awq --tp 4
