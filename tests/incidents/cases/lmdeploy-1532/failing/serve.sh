# InternLM/lmdeploy#1532: Qwen1.5-14B quantized by lmdeploy lite auto_awq, served at tp=2 -> error (not in the stored text)
lmdeploy serve api_server ./qwen1.5-14b-chat-awq --model-format awq --tp 2 --quant-policy 8
