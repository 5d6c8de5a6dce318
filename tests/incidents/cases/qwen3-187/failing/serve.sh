# QwenLM/Qwen3#187 (the reporter's command, verbatim)
CUDA_VISIBLE_DEVICES=0,1,2,3,4 python3 -m vllm.entrypoints.openai.api_server --served-model-name Qwen1.5-72B-Chat --model /data/models/Qwen1.5-72B-Chat --host 0.0.0.0 --port 8089
