#!/bin/sh
# NVIDIA/TensorRT-LLM#2198: Qwen2-7B checkpoint conversion at TP 8 for 8 x L20 (TensorRT-LLM 0.12.0.dev2024080600) fails
python3 /tensorrtllm_backend/examples/qwen/convert_checkpoint.py \
	--model_dir /qwen2-7b \
	--output_dir /engines/tllm_checkpoint_8gpu \
	--dtype float16 \
	--tp_size 8
