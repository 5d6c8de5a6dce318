# vllm-project/vllm#8879: the maintainer's settings, which work
vllm serve meta-llama/Llama-3.2-11B-Vision-Instruct --max-num-seqs 16 --enforce-eager
