# NVIDIA/TensorRT-LLM#7364 description by lvhan028 (2025-08-29), 'launched the server by:': copied as written
trtllm-serve serve Qwen/Qwen3-30B-A3B-FP8  --host 0.0.0.0  --port 8000  --max_batch_size 1024  --tp_size 1     --extra_llm_api_options /tmp/config.yml
