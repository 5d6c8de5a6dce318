# vllm-project/vllm#24004: GLM-4.5V at TP 8 -> AssertionError: 12 is not divisible by 8
vllm serve zai-org/GLM-4.5V --tensor-parallel-size 8
