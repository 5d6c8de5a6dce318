# zai-org/GLM-4#594: glm-4v-9b (BF16 only, ~28 GB) under vLLM 0.6.3 on one A30 24 GB -> insufficient CUDA memory
vllm serve THUDM/glm-4v-9b --trust-remote-code
