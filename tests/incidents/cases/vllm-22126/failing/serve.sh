# vllm-project/vllm#22126: GLM-4.5-Air-FP8 at TP 2 on two RTX PRO 6000 Blackwell -> "Glm4MoeModel does not support tensor parallel yet!"
vllm serve zai-org/GLM-4.5-Air-FP8 --tensor-parallel-size 2
