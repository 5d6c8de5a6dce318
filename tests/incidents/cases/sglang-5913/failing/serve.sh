# sgl-project/sglang#5913: qwen3 with TP 4 x PP 2 on 8 x 48G (branch ying-pp)
python -m sglang.launch_server --model-path Qwen/Qwen3-235B-A22B --tp 4 --pp-size 2
