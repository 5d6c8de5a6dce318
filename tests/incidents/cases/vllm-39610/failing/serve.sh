# vllm-project/vllm#39610: MiniMax-M2.7 (FP8) on 4 x A100 with a nightly vLLM image -> fp8e4nv compile failure
docker run --gpus all --ipc=host -p 8000:8000 vllm/vllm-openai:nightly --model MiniMaxAI/MiniMax-M2.7 --tensor-parallel-size 4 --trust-remote-code
