# https://github.com/sgl-project/sglang/issues/552: the same launch "used to work on 0.1.16"
python -m sglang.launch_server --model-path deepseek-ai/deepseek-llm-7b-chat --tp 2
