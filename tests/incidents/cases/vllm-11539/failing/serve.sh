# vllm-project/vllm#11539 (mphilippnv): DeepSeek-V3, TP 8 x PP 2 over two 8 x H100 nodes (vLLM 0.6.6)
vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 8 --pipeline-parallel-size 2 --trust-remote-code
