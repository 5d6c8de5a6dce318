# vllm-project/vllm#11147: "working for 4 GPU's ... ~16-17 tokens per second on 4, RTX A6000 GPU's"
vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4 --max-model-len 8192
