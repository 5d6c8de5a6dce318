# sgl-project/sglang#2763: DeepSeek-V2.5 on 8 x H100 80GB, TP 8 with --enable-dp-attention
# -> "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static."
python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V2.5 --enable-dp-attention --trust-remote-code --disable-radix-cache --tensor-parallel-size 8
