# zai-org/GLM-4#751: the same model with the Transformers backend and no tensor parallelism, which runs (the title)
vllm serve THUDM/GLM-Z1-32B-0414 --model-impl transformers
