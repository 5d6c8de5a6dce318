python3 -m sglang.launch_server --model-path /userdata/llms/deepseek-ai/DeepSe --tp 8 --trust-remote-code --context-length 65536

# python3 -m sglang.launch_server --model-path /local/deepseek-ai/DeepSeek-R1 --tp 8 --trust-remote-code --context-length 65536 --enable-flashinfer-mla --enable-ep-moe --ep-size 8
