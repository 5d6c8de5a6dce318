# vllm-project/vllm#14452 (comment): "I tried to decrease to 50000, vllm can run"
python3 -m vllm.entrypoints.openai.api_server   --model /models/QwQ-32B-unsloth-bnb-4bit   --pipeline-parallel-size 2   --trust-remote-code   --gpu-memory-utilization 0.85   --max-model-len 50000   --enable-reasoning   --reasoning-parser deepseek_r1   --device cuda
