# vllm-project/vllm#31474: GLM-4.7-FP8 with tp=6 on 6 x H20 -> "151552 cannot be divided by 6"
vllm serve zai-org/GLM-4.7-FP8 --tensor-parallel-size 6
