# vllm-project/vllm#4821: Llama-3 8B (16-bit) on one RTX 4060 Ti 16 GB -> out of memory; "Llama3 at fp16 > 16GB of RAM"
python -m vllm.entrypoints.openai.api_server --model rhaymison/Llama-3-portuguese-Tom-cat-8b-instruct --enforce-eager --gpu-memory-utilization 1 --swap-space 1
