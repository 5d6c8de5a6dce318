# vllm-project/vllm#5003: "I am trying to run a 70B model on a node with 3XA100-80Gi ... tensor parallelism of 3"
vllm serve meta-llama/Meta-Llama-3-70B-Instruct --tensor-parallel-size 3
