#!/bin/sh
# MiniMax-AI/MiniMax-M1#16: the reporter's command in the vllm:v0.9.1 image -> fails while loading the tokenizer.
python3 -m vllm.entrypoints.openai.api_server --trust-remote-code --host 0.0.0.0 --served-model-name MiniMaxM1 --gpu-memory-utilization 0.9 --max_model_len 4096 --tensor-parallel-size 8 --model MiniMaxAI/MiniMax-M1-80k --dtype bfloat16
