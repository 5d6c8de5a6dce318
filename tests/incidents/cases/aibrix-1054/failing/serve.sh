# vllm-project/aibrix#1054: DeepSeek-R1-Distill-Llama-8B on a 16 GB V100 -> startup probe failed; reproduced with vllm serve: CUDA out of memory
vllm serve deepseek-ai/DeepSeek-R1-Distill-Llama-8B --dtype=half --max-model-len "12288"
