# huggingface/huggingface-llama-recipes#21: Llama 3.1 405B FP8 on 8 x A100 -> "FP8 quantized models is only supported on GPUs with compute capability >= 9.0"
vllm serve meta-llama/Meta-Llama-3.1-405B-Instruct-FP8 --tensor-parallel-size 8
