# vllm-project/vllm#13388: DeepSeek-R1 at TP 16 over a Ray cluster in Kubernetes -> placement group never created (no cause established)
ray start --head --port=6379 --block
vllm serve /models/DeepSeek-R1 \
    --tensor-parallel-size 16 \
    --trust-remote-code
