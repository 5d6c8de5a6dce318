# sgl-project/sglang#6859 comment by THU-LIJX (2025-06-10): the inline command, less the full stop inside its closing backtick
python -m sglang.launch_server --model-path Qwen/Qwen3-30-A3B
