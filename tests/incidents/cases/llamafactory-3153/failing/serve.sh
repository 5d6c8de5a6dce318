# hiyouga/LlamaFactory#3153: CodeLlama-13b through LLaMA-Factory 0.6.1's API with the vLLM backend on two A800 80GB PCIe
CUDA_VISIBLE_DEVICES=0 API_PORT=9527 python /home/user/YuJN/LLaMA-Factory-0.6.1/src/api_demo.py \
    --model_name_or_path /home/user/YuJN/LLM/CodeLlama-13b-Instruct-hf \
    --template llama2 \
    --infer_backend vllm \
    --vllm_enforce_eager
