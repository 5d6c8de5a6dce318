# NVIDIA/TensorRT-LLM#6038: nvidia/DeepSeek-V3-0324-FP4 on one 8 x H200 server -> "not able to serve this model because of the GPU arch"
trtllm-serve nvidia/DeepSeek-V3-0324-FP4 --tp_size 8
