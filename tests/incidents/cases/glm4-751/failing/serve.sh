# zai-org/GLM-4#751: GLM-Z1-32B-0414 with the Transformers backend at --tensor-parallel-size 8 -> EngineCore fails initialising the KV cache
vllm serve THUDM/GLM-Z1-32B-0414 --model-impl transformers --tensor-parallel-size 8
