# Graph-COM/SubgraphRAG#19: Llama 3.1 8B Instruct at the default 128K context on an RTX 3090
vllm serve meta-llama/Meta-Llama-3.1-8B-Instruct
