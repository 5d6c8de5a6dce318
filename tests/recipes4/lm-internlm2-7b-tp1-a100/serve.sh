# sgl-project/sglang#657 description by zhyncs (2024-07-19), lmdeploy server line: copied as written
# pip3 install lmdeploy==0.5.1
python3 -m lmdeploy serve api_server  internlm/internlm2-chat-7b
