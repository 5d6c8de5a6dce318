# sgl-project/sglang#657 description by zhyncs (2024-07-19), sglang server line: copied as written
python3 -m sglang.launch_server --model internlm/internlm2-chat-7b --trust-remote-code --disable-radix-cach --stream-interval 1
