# vllm-project/vllm#17462: the same on the V0 engine ("V0 no problem")
VLLM_USE_V1=0 vllm serve  Qwen3-32B --tensor-parallel-size 2
