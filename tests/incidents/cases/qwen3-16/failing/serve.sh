# QwenLM/Qwen3#16 (Qwen1.5 repo): Qwen1.5-7B-Chat-GPTQ-Int4 on one RTX 3090 -> max seq len (32768) > KV cache (24320)
CUDA_VISIBLE_DEVICES=7 python -m vllm.entrypoints.openai.api_server --model qwen/Qwen1.5-7B-Chat-GPTQ-Int4 --served-model-name qwen/Qwen1.5-7B-Chat-GPTQ-Int4 --quantization gptq
