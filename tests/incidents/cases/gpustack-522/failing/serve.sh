# gpustack/gpustack#522: Qwen2.5-7B-Instruct from a local path, scheduled by GPUStack on one of two RTX 4080 SUPER -> CUDA out of memory
CUDA_VISIBLE_DEVICES=0 vllm serve /models/Qwen2.5-7B-Instruct
