# sgl-project/sglang#5871: Qwen3-30B-A3B-FP8, TP 2 on 2 x A10 -> "type fp8e4nv not supported in this architecture"
python -m sglang.launch_server --model-path Qwen/Qwen3-30B-A3B-FP8 --reasoning-parser qwen3 --tp 2 --tool-call-parser qwen25
