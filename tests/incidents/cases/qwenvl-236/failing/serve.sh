# QwenLM/Qwen3-VL#236 (Qwen2-VL): Qwen2-VL-72B-Instruct-GPTQ-Int4 at TP 2 -> The input size is not aligned with the quantized weight shape
python -m vllm.entrypoints.openai.api_server --served-model-name qwen2vl --model /path/to/Qwen2-VL-72B-Instruct-GPTQ-Int4 --tensor-parallel-size 2
