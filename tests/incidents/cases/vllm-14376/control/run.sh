# vllm-project/vllm#14376: "if I allocate 20% to the first model and 30% for the second model, it works"
docker run -d \
--runtime nvidia \
-e VLLM_USE_V1=1 \
--gpus 0 \
--ipc=host \
-v "${HF_HOME}:/root/.cache/huggingface" \
vllm/vllm-openai:latest \
--model TinyLlama/TinyLlama-1.1B-Chat-v1.0 \
--max-model-len 1024 \
--gpu-memory-utilization 0.2

docker run \
--runtime nvidia \
-e VLLM_USE_V1=1 \
--gpus 0 \
--ipc=host \
-v "${HF_HOME}:/root/.cache/huggingface" \
vllm/vllm-openai:latest \
--model TinyLlama/TinyLlama-1.1B-Chat-v1.0 \
--max-model-len 1024 \
--gpu-memory-utilization 0.3
