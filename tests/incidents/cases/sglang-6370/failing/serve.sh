# https://github.com/sgl-project/sglang/issues/6370: Qwen3-235B-A22B (FP8) with the router's
# --tp 8 --dp 2 -> "Qwen3MoeFP8 do not support tp=8 since moe layer intermidate size is 1536"
python -m sglang_router.launch_server --model-path Qwen/Qwen3-235B-A22B-FP8 --tp 8 --dp 2 --trust-remote-code
