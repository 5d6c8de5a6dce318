# vllm-project/vllm#5993: Qwen2-72B-Instruct-GPTQ-Int8, TP 4 on RTX 2080 Ti 22 GB cards, default 32K context
vllm serve Qwen/Qwen2-72B-Instruct-GPTQ-Int8 --tensor-parallel-size 4
