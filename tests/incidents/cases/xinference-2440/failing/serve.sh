# xorbitsai/inference#2440: Xinference's vLLM engine serving glm4-chat (glm-4-9b-chat) on one RTX 4090 24G at the model's 128K context -> max seq len (131072) larger than the KV cache (53376)
vllm serve THUDM/glm-4-9b-chat --trust-remote-code --gpu-memory-utilization 0.9
