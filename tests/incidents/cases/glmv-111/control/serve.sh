# zai-org/GLM-V#111 (commenter Relroy0517): GLM-4.5V with pipeline parallelism 2 x tensor parallelism 4 on 8 x 4090 -> runs
vllm serve zai-org/GLM-4.5V \
  --max-num-seqs 8 \
  --dtype bfloat16 \
  --max-model-len 65536 \
  --trust-remote-code \
  --pipeline-parallel-size 2 \
  --gpu-memory-utilization 0.90 \
  --tensor-parallel-size 4
