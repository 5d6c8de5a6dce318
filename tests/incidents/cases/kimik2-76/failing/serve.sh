#!/bin/sh
# MoonshotAI/Kimi-K2#76: Kimi-K2 with vLLM on 8 H200 at a 128k context -> "似乎显存不太够"
vllm serve moonshotai/Kimi-K2-Instruct \
  --tensor-parallel-size 8 \
  --max-model-len 131072 \
  --trust-remote-code
