# vllm-project/vllm#16474: Llama-4-Maverick FP8 on MI300X, TP 4, max_model_len 430000, FP8 KV cache -> an error (not in the stored text)
vllm serve meta-llama/Llama-4-Maverick-17B-128E-Instruct-FP8 --download-dir /app/data/models/ --kv-cache-dtype fp8 --max-model-len 430000 --tensor-parallel-size 4
