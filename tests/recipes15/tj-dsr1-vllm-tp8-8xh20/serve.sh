# https://tanjunchen.github.io/post/2025-04-04-h20-deepseek-r1-sglang-vllm 'vllm 单机测试' / '启动 deepseek r1 模型' (inside the vllm/vllm-openai:v0.8.2 container)
export VLLM_HOST_IP=$(hostname -I | awk '{print $1}')
export HOST_IP=$(hostname -I | awk '{print $1}')

nohup python3 -m vllm.entrypoints.openai.api_server --model /mnt/models/DeepSeek-R1 --gpu-memory-utilization 0.95 --tensor-parallel-size 8 --host 0.0.0.0 --trust-remote-code --port 8000  --max_num_seqs 256  --max-num-batched-tokens 16384  --max_model_len 4096  --max_seq_len_to_capture 16384   --tokenizer-mode auto  --enable-chunked-prefill=False  --enable-reasoning --reasoning-parser deepseek_r1  --enforce-eager  > vllm.log 2>&1 &
