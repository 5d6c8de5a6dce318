#!/bin/sh
# MiniMax-AI/MiniMax-M1#21: the reporter's command on 8 x A100 80G with vLLM 0.9.1 -> "'MiniMaxM1ForCausalLM' is not a registered model"
python -m vllm.entrypoints.openai.api_server \
--model ./MiniMax-M1-80k \
--tensor-parallel-size 8 \
--trust-remote-code \
--quantization experts_int8  \
--max_model_len 1024 \
--dtype bfloat16
