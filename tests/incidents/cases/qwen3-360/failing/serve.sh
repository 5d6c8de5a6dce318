# QwenLM/Qwen3#360: a fine-tuned Qwen1.5-14B-Chat quantized to GPTQ int4 with --tensor-parallel-size 2 -> "The input size is not aligned with the quantized weight shape"
vllm serve /models/qwen1.5-14b-chat-sft-gptq-int4 --tensor-parallel-size 2
