# hiyouga/LlamaFactory#4870: Qwen2-7B-Instruct through LLaMA-Factory 0.8.3.dev0's API with the vLLM backend on two RTX 4090
CUDA_VISIBLE_DEVICES=0,1 API_PORT=8001 python src/api.py \
    --model_name_or_path /home/qwen/Qwen2-7B-Instruct \
    --template qwen \
    --infer_backend vllm \
    --vllm_maxlen 8000 \
    --vllm_enforce_eager true
