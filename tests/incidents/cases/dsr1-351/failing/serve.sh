#!/bin/sh
# deepseek-ai/DeepSeek-R1#351: the reporter's command ("一直报错"); the GPUs are not named.
vllm serve deepseek-ai/DeepSeek-R1-Distill-Llama-70B --tensor-parallel-size 4 --max-model-len 4096 --enforce-eager --port 8001
