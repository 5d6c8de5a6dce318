# vllm-project/vllm#7154: Llama 3.1 8B Instruct on one L4 as langchain started it (its max_model_len was not passed through)
vllm serve meta-llama/Meta-Llama-3.1-8B-Instruct
