# gpustack/gpustack#2403: Qwen3 Reranker 0.6B deployed by GPUStack v0.6.2's vLLM backend on a Tesla V100-PCIE-16GB,
# "Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla V100-PCIE-16GB GPU has compute capability 7.0."
vllm serve /var/lib/gpustack/models/Qwen3-Reranker-0.6B
