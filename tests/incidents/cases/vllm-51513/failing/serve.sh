# vllm-project/vllm#51513 comment: "Model: DeepSeek-V4-Flash-0731, TP=2, `--max-model-len 131072`, `--gpu-memory-utilization 0.96`"
vllm serve deepseek-ai/DeepSeek-V4-Flash-0731 --tensor-parallel-size 2 --max-model-len 131072 --gpu-memory-utilization 0.96
