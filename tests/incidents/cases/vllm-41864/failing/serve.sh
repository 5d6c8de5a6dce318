# vllm-project/vllm#41864: DeepSeek-V3-0324 at TP 8 x PP 2 over two 8 x H200 nodes (vLLM 0.20.0);
# "Pipeline Parallelism Blocked on V1 Engine (Multi-Node PP)" - no cause established
# Node 1 (head):
vllm serve deepseek-ai/DeepSeek-V3-0324 \
  --tensor-parallel-size 8 \
  --pipeline-parallel-size 2 \
  --gpu-memory-utilization 0.85 \
  --trust-remote-code \
  --host 0.0.0.0 \
  --port 8000
