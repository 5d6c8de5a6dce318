# sgl-project/sglang#13471: MiniMax-M2 (FP8), TP 4 on 4 x A800 80GB, image lmsysorg/sglang v0.5.4.post3 -> "type fp8e4nv not supported in this architecture"
python -m sglang.launch_server \
    --model-path /data/MiniMax/MiniMax-M2/master/MiniMax_MiniMax-M2_master_20251114_02/ \
    --tp-size 4 \
    --tool-call-parser minimax-m2 \
    --reasoning-parser minimax-append-think \
    --host 0.0.0.0 \
    --trust-remote-code \
    --port 8080 \
    --mem-fraction-static 0.85
