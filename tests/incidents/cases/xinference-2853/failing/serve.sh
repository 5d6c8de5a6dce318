# xorbitsai/inference#2853: Xinference (vLLM engine) launching Qwen2.5-VL-72B-Instruct-Pointer-AWQ on 4 of 8 RTX 4090 -> input_size_per_partition 7392 not divisible by 128
vllm serve PointerHQ/Qwen2.5-VL-72B-Instruct-Pointer-AWQ --quantization awq --tensor-parallel-size 4
