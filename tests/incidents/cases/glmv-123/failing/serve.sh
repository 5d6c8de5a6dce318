# zai-org/GLM-V#123: GLM-4.5V-FP8 served by vLLM on 2 x A800 (Ampere, no FP8) -> fails at start-up
vllm serve zai-org/GLM-4.5V-FP8 --tensor-parallel-size 2
