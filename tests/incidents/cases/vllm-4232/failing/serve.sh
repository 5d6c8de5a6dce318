# vllm-project/vllm#4232: "I want to deploy qwen-1.5-32B ... I only have 6 gpus(T4 16G per GPU)"
python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen1.5-32B-Chat --tensor-parallel-size 6
