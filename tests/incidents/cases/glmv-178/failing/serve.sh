# zai-org/GLM-V#178: GLM-4.5V-FP8 at TP 4 on RTX A6000 -> Marlin: size_n = 5472 is not divisible by tile_n_size = 64
vllm serve zai-org/GLM-4.5V-FP8 \
     --tensor-parallel-size 4 \
     --tool-call-parser glm45 \
     --reasoning-parser glm45 \
     --enable-auto-tool-choice \
     --allowed-local-media-path / \
     --media-io-kwargs '{"video": {"num_frames": -1}}'
