# QwenLM/Qwen3#67 (the reporter's launch script, verbatim)
CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 python -m vllm.entrypoints.openai.api_server \
--model qwen/Qwen1.5-72B-Chat
