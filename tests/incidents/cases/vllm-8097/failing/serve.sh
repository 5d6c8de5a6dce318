# vllm-project/vllm#8097: InternVL2-26B with tensor_parallel_size=4 on A10s -> AssertionError: 25 is not divisible by 4
vllm serve OpenGVLab/InternVL2-26B --trust-remote-code --tensor-parallel-size 4
