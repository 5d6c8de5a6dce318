# sgl-project/sglang#10372 (related #10260): Qwen3-235B-A22B-FP8 at TP 4 on H200 -> throughput below vLLM's,
# from SGLang's narrower default CUDA-graph capture batch sizes
python3 -m sglang.launch_server --model-path Qwen/Qwen3-235B-A22B-FP8 --tp 4 --host 0.0.0.0
