# InternLM/lmdeploy#1826 comment by wertyac (2024-07-22): copied as written
lmdeploy serve api_server ./Qwen2-72B-Instruct-AWQ --backend turbomind --model-format awq --tp 4 --server-port 8000 --session-len 32000 --quant-policy 8
