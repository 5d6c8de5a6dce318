# https://github.com/InternLM/lmdeploy/issues/1130: InternLM-chat-20b (converted to ./workspace) on one 24 GB RTX 3090 ->
# RuntimeError: CUDA error: out of memory
lmdeploy chat turbomind ./workspace
