# vllm-project/vllm#4202: args Namespace(model='/data/qwen1.5/Qwen1.5-32B-Chat-AWQ', max_model_len=512, port=8001, ...) on a Tesla V100-SXM2-32GB
python -m vllm.entrypoints.openai.api_server --model /data/qwen1.5/Qwen1.5-32B-Chat-AWQ --served-model-name Qwen1.5-32B-Chat-AWQ --max-model-len 512 --port 8001
