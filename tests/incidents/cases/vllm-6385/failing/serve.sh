# vllm-project/vllm#6385: "model: AI-ModelScope/Mixtral-8x22B-Instruct-v0.1 ... Settings: tensor-parallel-size 3"
python -m vllm.entrypoints.openai.api_server --model AI-ModelScope/Mixtral-8x22B-Instruct-v0.1 --tensor-parallel-size 3
