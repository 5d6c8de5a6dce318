# vllm-project/vllm#1393: vLLM in docker with two GPUs fails; docker's default /dev/shm is 64 MB
docker run --runtime nvidia --gpus all -p 8000:8000 vllm/vllm-openai --model meta-llama/Llama-2-7b-hf --tensor-parallel-size 2
