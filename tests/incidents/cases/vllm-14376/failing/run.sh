# vllm-project/vllm#14376: two identical TinyLlama containers on GPU 0 of an L40S (48 GB), each at 0.2;
# the second fails: "No available memory for the cache blocks"
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
--gpu-memory-utilization 0.2
