# vllm-project/vllm#32109: GLM-4.7-FP8 at TP 4 on RTX PRO 6000 Blackwell (SM120) -> "No compiled cutlass_scaled_mm for CUDA device capability: 120. Required capability: 90 or 100"
vllm serve zai-org/GLM-4.7-FP8 \
     --tensor-parallel-size 4 \
     --speculative-config.method mtp \
     --speculative-config.num_speculative_tokens 1 \
     --tool-call-parser glm47 \
     --reasoning-parser glm45 \
     --enable-auto-tool-choice \
     --served-model-name glm-4.7-fp8
