# zai-org/GLM-4.5@08158da0b5cb README_zh.md '快速开始 / vLLM' (BF16和FP8都可以用以下代码启动)
vllm serve zai-org/GLM-4.5-Air \
    --tensor-parallel-size 8 \
    --tool-call-parser glm45 \
    --reasoning-parser glm45 \
    --enable-auto-tool-choice \
    --served-model-name glm-4.5-air
