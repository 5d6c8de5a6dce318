#!/bin/sh
# vllm-project/vllm#16901: the commenter's working launch on two RTX 5090 (after a nightly cu128 PyTorch).
VLLM_ATTENTION_BACKEND=FLASHINFER vllm serve /root/models/RedHatAI/Qwen3-30B-A3B-FP8-dynamic/ --served-model-name  "RedHatAI/Qwen3-30B-A3B-FP8-dynamic" --enable-prefix-caching --enable-chunked-prefill   --max-model-len 20000   --tensor-parallel-size 2 --port 8001
