# vllm-project/vllm#7154: the reporter's command that works
vllm serve meta-llama/Meta-Llama-3.1-8B-Instruct --max_model_len 4096
