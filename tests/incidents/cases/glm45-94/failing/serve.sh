# zai-org/GLM-4.5#94: GLM-4.5-Air-FP8 on 8 x RTX 3090 -> Marlin: size_n = 2736 is not divisible by tile_n_size = 64
vllm serve zai-org/GLM-4.5-Air-FP8 --tensor-parallel-size 8
