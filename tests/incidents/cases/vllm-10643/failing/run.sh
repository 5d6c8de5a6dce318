# vllm-project/vllm#10643: Llama-3.1-8B-Instruct and Qwen2.5-7B-Instruct containers on one GH200 (95.57 GiB), each at 0.3
# (vLLM 0.6.4.post1; the second container's flags are the thread's stated settings)
docker run -d --rm --gpus all \
    -p 8000:8000 \
	--ipc=host \
    -v /llm-store/Llama-3.1-8B-Instruct:/model \
    --name vllm-llama \
    vllm-nvidia:latest \
    --host 0.0.0.0 \
    --port 8000 \
	--gpu-memory-utilization 0.3 \
	--enable_chunked_prefill True \
	--enable_prefix_caching \
	--max_model_len 16384 \
	--max-num-batched-tokens 2048 \
	--max_seq_len_to_capture 16384 \
    --model /model

docker run --rm --gpus all \
    -p 8001:8000 \
	--ipc=host \
    -v /llm-store/Qwen2.5-7B-Instruct:/model \
    --name vllm-qwen \
    vllm-nvidia:latest \
    --host 0.0.0.0 \
    --port 8000 \
	--gpu-memory-utilization 0.3 \
	--enable_chunked_prefill True \
	--enable_prefix_caching \
	--max_model_len 16384 \
	--max-num-batched-tokens 2048 \
	--max_seq_len_to_capture 16384 \
    --model /model
