#!/bin/sh
# NVIDIA/TensorRT-LLM#2109: Qwen2-57B-A14B checkpoint conversion at TP 8 for 8 x H20 (TensorRT-LLM 0.12.0.dev2024080600) fails
python convert_checkpoint.py --model_dir /home/jiangkun/qwen2-moe-57B-A14B/  --output_dir /home/jiangkun/L20_checkpoint/0110/qwen2-moe-57B-A14B/fp16/8-gpu/ --dtype float16   --tp_size 8  --workers 8
