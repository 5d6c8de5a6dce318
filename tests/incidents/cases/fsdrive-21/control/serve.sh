# MIV-XJTU/FSDrive#21: the maintainer's fix, four GPUs
CUDA_VISIBLE_DEVICES='0,1,2,3' vllm serve Qwen/Qwen2-VL-2B-Instruct --tensor-parallel-size 4
