docker run --gpus all -p 8000:8000 vllm-qwen3.6-nvfp4:latest
