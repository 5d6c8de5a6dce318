# zai-org/GLM-4#510: glm-4-9b-chat in bfloat16 on a V100-PCIE-32GB (vLLM 0.5.4)
python -m vllm.entrypoints.openai.api_server --model /data/ChatGLM-6B/conf/models/glm-4-9b-chat --dtype bfloat16 --max-model-len 8192 --tensor-parallel-size 1 --enforce-eager --trust-remote-code
