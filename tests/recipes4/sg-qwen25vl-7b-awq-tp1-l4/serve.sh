# sgl-project/sglang#5123 comment by bao231 (2025-04-10), 'L4 reproduce this.': copied as written
python3 -m sglang.launch_server --model-path Qwen/Qwen2.5-VL-7B-Instruct-AWQ --host 0.0.0.0 --port 9080 --mem-fraction-static 0.8 --chat-template=qwen2-vl --trust-remote-code --chunked-prefill-size 4096 --enable-torch-compile --dtype half --quantization awq
