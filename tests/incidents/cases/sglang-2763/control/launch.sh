# sgl-project/sglang#2763: "FYI, It works if I remove `--enable-dp-attention`"
python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V2.5 --trust-remote-code --disable-radix-cache --tensor-parallel-size 8
