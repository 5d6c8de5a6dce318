# sgl-project/sglang#9590: DeepSeek-V3.1 on 8 x H20 hangs at 100% loading (sglang 0.4.10.post2)
python -m sglang.launch_server \
    --model /deepseek/deepseek-ai/DeepSeek-V3.1/ \
    --host 127.0.0.1 \
    --served-model-name mozz \
    --port 9122 \
    --tensor-parallel-size 8 \
    --mem-fraction-static 0.88 \
    --dtype auto \
    --max-running-requests 12 \
    --trust-remote-code \
    --context-length 15000
