# vllm-project/vllm#596: "I have 3 GPUs (3x3090). When I try to load `LLaMA-2-13B` ... When I set it to 3"
python -m vllm.entrypoints.openai.api_server --model meta-llama/Llama-2-13b-hf --tensor-parallel-size 3
