# vllm-project/vllm#8879: Llama-3.2-11B-Vision-Instruct at vLLM's defaults (max_num_seqs 256, 128K context)
vllm serve meta-llama/Llama-3.2-11B-Vision-Instruct
