# QwenLM/Qwen3-VL#236: the same command without --tensor-parallel-size 2, which runs ("ONLY runnable when remove --tensor-parallel-size 2")
python -m vllm.entrypoints.openai.api_server --served-model-name qwen2vl --model /path/to/Qwen2-VL-72B-Instruct-GPTQ-Int4
