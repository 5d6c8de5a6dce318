# https://github.com/InternLM/lmdeploy/issues/1750: openmmlab/lmdeploy:v0.4.2 on 2x RTX 4090 (driver 545, CUDA 12.3):
# requests are accepted but never answered
huggingface-cli download lmdeploy/llama2-chat-70b-4bit --local-dir /root/llama2-chat-70b-4bit
lmdeploy serve api_server /root/llama2-chat-70b-4bit --model-format awq --tp 2
