# vllm-project/vllm#15092: the same command, which runs on vLLM 0.7.3
vllm serve ./Qwen2.5-32B-Instruct/ --tensor-parallel-size 4
