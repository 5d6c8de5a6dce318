# vllm-project/vllm#6746: Llama 3.1 405B FP8 with TP 8 on 8 x H100 at the default 128K context
vllm serve meta-llama/Meta-Llama-3.1-405B-Instruct-FP8 --tensor-parallel-size 8
