# ROCm/ATOM#1944: "ATOM can only serve this model in FP8 via expert parallelism (8tp_8ep)"
python3 -m sglang.launch_server --model-path Qwen/Qwen3.6-35B-A3B-FP8 --tp-size 8 --ep-size 8 --trust-remote-code
