# vllm-project/vllm#10569: max_num_seqs reduced to 2, which works
vllm serve meta-llama/Llama-3.2-11B-Vision-Instruct --max-num-seqs 2
