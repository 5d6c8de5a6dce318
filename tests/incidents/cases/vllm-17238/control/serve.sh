# vllm-project/vllm#17238: "I set the parameter `max_num_seqs` = 4 or 8 ... the model can be started normally now"
vllm serve Qwen2.5-32B-Instruct-INT8-W8A16 --tensor-parallel-size 2 --gpu-memory-utilization 0.9 --max-model-len 4096 --enforce-eager --max-num-seqs 8
