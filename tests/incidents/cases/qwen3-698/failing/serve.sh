# QwenLM/Qwen3#698: fine-tuned Qwen2-72B-Instruct quantized with AWQ, TP 4 -> "The input size is not aligned with the quantized weight shape"
vllm serve ./qwen72b-instruct-finetuned-awq --tensor-parallel-size 4
