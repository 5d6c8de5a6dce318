#!/bin/sh
# MiniMax-AI/MiniMax-M2#40: vLLM 0.11.0 serving MiniMax-M2 (the service's flags are not shown) ->
# "Model architectures ['MiniMaxM2ForCausalLM'] are not supported for now"
vllm serve MiniMaxAI/MiniMax-M2
