# sgl-project/sglang#657 description by zhyncs (2024-07-19), vllm server line: copied as written
python3 -m vllm.entrypoints.openai.api_server --model internlm/internlm2-chat-7b --trust-remote-code
