#!/bin/sh
# vllm-project/vllm#20522: the reporter's command on an RTX Pro 6000.
CUDA_VISIBLE_DEVICES=0 \
python -m vllm.entrypoints.openai.api_server \
  --model Qwen/Qwen3-32B \
  --served-model-name Qwen3-32B \
  --rope-scaling '{"rope_type":"yarn","factor":4.0,"original_max_position_embeddings":32768}' \
  --max-model-len 131072 \
  --tensor-parallel-size 1
