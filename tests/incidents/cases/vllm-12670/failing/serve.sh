# vllm-project/vllm#12670: DeepSeek-V3 at TP 16 over two 8 x H100 nodes -> pending placement group (no cause established)
vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 16 --trust-remote-code
