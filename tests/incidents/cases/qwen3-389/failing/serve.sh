# QwenLM/Qwen3#389 (Qwen1.5): Qwen1.5-32B-Chat-GPTQ-Int4 on one RTX 2080 Ti 22G with gpu_memory_utilization 0.99 (vLLM 0.4.2) -> out of GPU memory at start-up
python -m vllm.entrypoints.openai.api_server --model ../QwenModel/qwen15/Qwen1.5-32B-Chat-GPTQ-Int4 --gpu-memory-utilization 0.99 --quantization gptq
