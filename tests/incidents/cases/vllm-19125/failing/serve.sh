# vllm-project/vllm#19125: two Qwen2.5-0.5B-Instruct servers on one 8 GB RTX 4060 Ti, each at 0.4;
# the second fails ("Engine core initialization failed")
python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen2.5-0.5B-Instruct --gpu_memory_utilization 0.4 &
python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen2.5-0.5B-Instruct --gpu_memory_utilization 0.4 --port 8001
