# vllm-project/vllm#49949: "Serving `nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-NVFP4` with plain tensor
# parallelism across 8 H100 GPUs fails during vLLM's startup profile run" (parameters the thread states)
vllm serve nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-NVFP4 --tensor-parallel-size 8
