# zai-org/GLM-4#47: glm-4-9b-chat on one RTX 4090 24G with vLLM's default context (128K) -> out of GPU memory at start-up
vllm serve THUDM/glm-4-9b-chat --trust-remote-code
