# vllm-project/vllm#1393: "Using --ipc=host fixed the issue for me."
docker run --runtime nvidia --gpus all --ipc=host -p 8000:8000 vllm/vllm-openai --model meta-llama/Llama-2-7b-hf --tensor-parallel-size 2
