# vllm-project/recipes#395: Kimi-K2.5 at TP 8 x PP 2 over two 8 x H100 80GB nodes (node 0's command) -> serves, 0 restarts
vllm serve moonshotai/Kimi-K2.5 \
  --served-model-name Kimi-K2.5 \
  --trust-remote-code \
  --distributed-executor-backend mp \
  --tensor-parallel-size 8 \
  --pipeline-parallel-size 2 \
  --nnodes 2 \
  --node-rank 0 \
  --master-addr kimi-k25-head \
  --max-model-len 262144 \
  --mm-encoder-tp-mode data
