# QwenLM/Qwen3#187: Qwen1.5-72B-Chat with five visible 80 GB GPUs and no --tensor-parallel-size -> CUDA out of memory on GPU 0
CUDA_VISIBLE_DEVICES=0,1,2,3,4 python3 -m vllm.entrypoints.openai.api_server --served-model-name Qwen1.5-72B-Chat --model /data/models/Qwen1.5-72B-Chat --host 0.0.0.0 --port 8089
