# vllm-project/vllm#19125, step 4: "increase gpu_memory_utilization to 0.8 and start another vLLM instance
# with listening on another port. Both of 2 vLLM instances could work. 6768MiB/8188MiB has been occupied"
python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen2.5-0.5B-Instruct --gpu_memory_utilization 0.4 &
python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen2.5-0.5B-Instruct --gpu_memory_utilization 0.8 --port 8001
