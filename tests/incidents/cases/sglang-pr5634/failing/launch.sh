# sgl-project/sglang#5634: DeepSeek-V3 on 8 x H200 with DP attention on the main branch of April 2025
# -> hangs; "the root cause is OOM ... And the OOM is cause by large cuda graph capture size"
SGL_ENABLE_JIT_DEEPGEMM=1 python3 -m sglang.launch_server --model /DeepSeek-V3 --tp 8 --trust-remote-code --enable-dp-attention --dp-size 8
