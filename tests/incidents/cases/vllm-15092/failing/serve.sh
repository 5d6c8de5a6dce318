# vllm-project/vllm#15092: Qwen2.5-32B-Instruct, TP 4 on 4 x RTX 4090 with vLLM 0.8.0 -> not enough memory
vllm serve ./Qwen2.5-32B-Instruct/ --tensor-parallel-size 4
