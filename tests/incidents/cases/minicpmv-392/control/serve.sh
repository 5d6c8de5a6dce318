# OpenBMB/MiniCPM-V#392: the same with max_model_len 4096, max_num_seqs 32, gpu_memory_utilization 1 -> runs on the 3090 ("后来是...实现的运行")
python -m vllm.entrypoints.openai.api_server \
  --model openbmb/MiniCPM-V-2_6 \
  --trust-remote-code \
  --max-model-len 4096 \
  --max-num-seqs 32 \
  --gpu-memory-utilization 1
