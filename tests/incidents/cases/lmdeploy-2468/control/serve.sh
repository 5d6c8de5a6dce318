# https://github.com/InternLM/lmdeploy/issues/2468: the same command "works fine in previous versions" (before v0.6.0)
lmdeploy serve api_server lmdeploy/llama2-chat-70b-4bit --model-name "lmdeploy/llama2-chat-70b-4bit" --server-port 3000 --tp 2 --session-len 8192 --model-format awq --enable-prefix-caching --quant-policy 4  --log-level DEBUG
