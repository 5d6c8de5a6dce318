# mac1228-tao/vllm_qwen35_RTX5090_deploy@e414a7bfcbc3 vllm_qwen_server.py lines 17-98: the command the script builds and runs, written out (see recipe.yaml transcription)
CUDA_VISIBLE_DEVICES=0,1 VLLM_USE_FLASHINFER_SAMPLER=0 /home/ubuntu/anaconda3/envs/my_pytorch/bin/python -m vllm.entrypoints.openai.api_server \
    --model /home/ubuntu/LLM/Qwen/Qwen3.5-27B \
    --trust-remote-code \
    --tensor-parallel-size 2 \
    --dtype auto \
    --quantization fp8 \
    --max-model-len 4096 \
    --max-num-seqs 32 \
    --gpu-memory-utilization 0.85 \
    --enforce-eager \
    --enable-chunked-prefill \
    --scheduling-policy fcfs \
    --attention-backend FLASH_ATTN \
    --host 0.0.0.0 \
    --port 8000 \
    --api-key sk_12345678_qwen35 \
    --chat-template /home/ubuntu/LLM/Qwen/Qwen3.5-27B/chat_template.jinja
