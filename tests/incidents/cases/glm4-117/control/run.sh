# zai-org/GLM-4#117: glm-4-9b-chat on one L4 (AWS g6.xlarge); out of memory while the container was limited to 6 GB of host memory, runs with 10 GB
docker run -d --runtime nvidia --gpus 1 --name vllm \
    -v ~/.cache/huggingface:/root/.cache/huggingface \
    --env "HUGGING_FACE_HUB_TOKEN=ttt" \
    -p 8000:8000 \
    --ipc=host \
    vllm/vllm-openai:latest \
    --model=THUDM/glm-4-9b-chat \
    --gpu-memory-utilization=0.9 \
    --enable-prefix-caching \
    --trust-remote-code \
    --enforce-eager \
    --max-model-len=4000
