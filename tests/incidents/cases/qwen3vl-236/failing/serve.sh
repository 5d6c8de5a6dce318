# QwenLM/Qwen3-VL#236 (then Qwen2-VL): the reporter's command, verbatim
python -m vllm.entrypoints.openai.api_server --served-model-name qwen2vl --model /path/to/Qwen2-VL-72B-Instruct-GPTQ-Int4 --tensor-parallel-size 2
