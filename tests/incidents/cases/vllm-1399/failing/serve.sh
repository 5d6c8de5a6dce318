# vllm-project/vllm#1399 (VariableExp0rt): Phi-3 medium at TP 5 -> padded vocab 32064 not divisible by 5
vllm serve microsoft/Phi-3-medium-4k-instruct --tensor-parallel-size 5
