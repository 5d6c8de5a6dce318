# QwenLM/Qwen3-VL#831: Qwen2.5-VL-72B-Instruct-AWQ, --tensor-parallel-size 4 -> "The input size is not aligned with the quantized weight shape"
vllm serve Qwen/Qwen2.5-VL-72B-Instruct-AWQ --tensor-parallel-size 4
