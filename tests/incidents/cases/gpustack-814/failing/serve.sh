# gpustack/gpustack#814: InternVL2_5-78B-AWQ scheduled on 3 of 4 A800 -> attention heads (64) not divisible by 3
vllm serve OpenGVLab/InternVL2_5-78B-AWQ --trust-remote-code --quantization awq --tensor-parallel-size 3
