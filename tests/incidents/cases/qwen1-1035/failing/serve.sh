# QwenLM/Qwen#1035: Qwen-14B-Chat-Int4 (GPTQ) with --tensor-parallel-size 2 -> "The input size is not aligned with the quantized weight shape"
python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen-14B-Chat-Int4 --trust-remote-code --tensor-parallel-size 2
