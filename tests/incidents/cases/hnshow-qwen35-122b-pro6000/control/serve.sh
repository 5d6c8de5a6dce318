# https://hnshowcase.com/post/47310428/nvfp4-on-desktop-blackwell-122b-moe-on-a-single-rtx-pro-6000 (Show HN): the post's launch, 31 tok/s on one RTX PRO 6000
CUDA_VISIBLE_DEVICES=0 python -m vllm.entrypoints.openai.api_server --model Sehyo/Qwen3.5-122B-A10B-NVFP4 --port 8100 --max-model-len 4096 --gpu-memory-utilization 0.85 --compilation-config '{"cudagraph_mode": "piecewise"}'
