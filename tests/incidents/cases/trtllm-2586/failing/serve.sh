# NVIDIA/TensorRT-LLM#2586: Llama-3.1-405B-Instruct-FP8, TP 8 on 8 x A100 80G, trtllm-serve 0.15.0 -> OOM while building the engine (no cause established)
trtllm-serve meta-llama/Llama-3.1-405B-Instruct-FP8 --tp_size 8
