# InternLM/lmdeploy#1786: the same quantized model at --tp 1, which works ("tp=1 works for the quantized model")
lmdeploy serve api_server /models/Qwen2-72B-Instruct-awq --backend turbomind --model-format awq --tp 1
