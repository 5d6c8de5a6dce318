# vllm-project/vllm#3285: 16-bit Mixtral 8x7B, TP 4 on 4 x RTX 4090, model len 1000, eager -> CUDA OOM
python -m vllm.entrypoints.openai.api_server --model mistralai/Mixtral-8x7B-Instruct-v0.1 --tensor-parallel-size 4 --max-model-len 1000 --enforce-eager
