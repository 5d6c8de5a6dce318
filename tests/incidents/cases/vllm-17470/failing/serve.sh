# vllm-project/vllm#17470: DeepSeek-R1 in BF16, TP 16 with an 80000-token context on 16 x 90 GB GPUs -> OOM
nohup python -m vllm.entrypoints.openai.api_server \
  --model /models/DeepSeek-R1-BF16 \
  --port 2000 \
  --dtype bfloat16 \
  --tensor-parallel-size 16 \
  --trust-remote-code \
  --gpu-memory-utilization 0.975 \
  --distributed-executor-backend=mp \
  --max-model-len 80000 \
  --swap-size 80 \
  --enforce-eager \
  --block-size 16 \
  --served-model-name dsr1bf16 &> /models/start.log &
