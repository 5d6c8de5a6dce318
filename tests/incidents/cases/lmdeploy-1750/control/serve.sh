# https://github.com/InternLM/lmdeploy/issues/1750: the same launch with NCCL's peer-to-peer transport off,
# "NCCL_P2P_DISABLE=1 seems like a good solution"
huggingface-cli download lmdeploy/llama2-chat-70b-4bit --local-dir /root/llama2-chat-70b-4bit
NCCL_P2P_DISABLE=1 lmdeploy serve api_server /root/llama2-chat-70b-4bit --model-format awq --tp 2
