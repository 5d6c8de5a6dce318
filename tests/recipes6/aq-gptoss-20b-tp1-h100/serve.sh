# Aquiles-ai/load-test-vllm-gpt-oss-20b README.md@01c0882054dc: lines 8-14 (the fenced block after 'Command to start the vLLM server:'), copied as written
docker run --gpus all \
    -p 8000:8000 \
    --ipc=host \
    vllm/vllm-openai:v0.10.1 \
    --model openai/gpt-oss-20b \
    --api-key dummyapikey \
    --async-scheduling
