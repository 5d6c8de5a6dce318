# sgl-project/sglang#10852: Qwen3-Next-80B-A3B-Instruct-FP8 with tp=8 -> gate/up output_size 64 not divisible by block_n 128
python3 -m sglang.launch_server --model-path Qwen/Qwen3-Next-80B-A3B-Instruct-FP8 --tp 8
