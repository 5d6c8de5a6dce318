# vllm-project/vllm#10517 (kaspersiminski): RTX 3090, Llama-3.1-8B-Instruct, --max-model-len 29000 -> "29k - BAD"
vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 29000
