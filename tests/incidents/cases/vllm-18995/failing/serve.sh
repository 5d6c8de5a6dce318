#!/bin/sh
# vllm-project/vllm#18995: the reporter's reproduction (MODEL_NAME: the example the reporter gives).
MODEL_NAME=Qwen/Qwen3-4B-AWQ
docker run --rm \
    --gpus all \
    -v "${HOME}/.cache/huggingface:/root/.cache/huggingface" \
    -p 8000:8000 \
    -e VLLM_USE_FLASH_ATTN=0 \
    --ipc=host \
    vllm/vllm-openai:latest \
    --model "${MODEL_NAME}"
