# zai-org/GLM-4#47: the same deployment with --max-model-len 16384, which starts ("通过设置 --max-model-len 16384解决")
vllm serve THUDM/glm-4-9b-chat --trust-remote-code --max-model-len 16384
