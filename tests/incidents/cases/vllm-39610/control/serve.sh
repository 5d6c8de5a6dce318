# vllm-project/vllm#39610: the same deployment on vLLM 0.19.0 "loading correctly"
docker run --gpus all --ipc=host -p 8000:8000 vllm/vllm-openai:v0.19.0 --model MiniMaxAI/MiniMax-M2.7 --tensor-parallel-size 4 --trust-remote-code
