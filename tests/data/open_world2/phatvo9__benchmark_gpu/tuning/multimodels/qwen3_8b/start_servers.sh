server/vllm_blackwell_multimodels.sh Qwen/Qwen3-8B 23330 0.2 vllm_server_Qwen_Qwen3-8B_0.2
server/vllm_blackwell_multimodels.sh Qwen/Qwen3-8B 23331 0.2 vllm_server_Qwen_Qwen3-8B_0.2_1
server/vllm_blackwell_multimodels.sh Qwen/Qwen3-8B 23335 0.2 vllm_server_Qwen_Qwen3-8B_0.2_2
server/vllm_blackwell_multimodels.sh Qwen/Qwen3-8B 23336 0.2 vllm_server_Qwen_Qwen3-8B_0.2_3
server/vllm_blackwell_multimodels.sh Qwen/Qwen3-8B 23337 0.15 vllm_server_Qwen_Qwen3-8B_0.2_4