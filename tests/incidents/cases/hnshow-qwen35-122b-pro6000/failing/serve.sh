# https://hnshowcase.com/post/47310428/nvfp4-on-desktop-blackwell-122b-moe-on-a-single-rtx-pro-6000 (Show HN): the same launch without piecewise graphs
# "(2) Full CUDA graphs OOM — use piecewise mode (31 tok/s vs 12 tok/s eager)"
CUDA_VISIBLE_DEVICES=0 python -m vllm.entrypoints.openai.api_server --model Sehyo/Qwen3.5-122B-A10B-NVFP4 --port 8100 --max-model-len 4096 --gpu-memory-utilization 0.85
