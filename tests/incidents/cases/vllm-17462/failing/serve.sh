# vllm-project/vllm#17462: Qwen3-32B at TP 2 on 2 x L20, vLLM 0.8.4/0.8.5 V1 engine -> CUDA out of memory
vllm serve  Qwen3-32B --tensor-parallel-size 2
