# sgl-project/sgl-cookbook@7b5bd9c05e3d docs/autoregressive/MiniMax/MiniMax-M2.5.md lines 745-752: copied as written
sglang serve \
    --model-path MiniMaxAI/MiniMax-M2.5 \
    --tp 8 \
    --ep 8 \
    --reasoning-parser minimax-append-think \
    --trust-remote-code \
    --mem-fraction-static 0.85 \
    --tool-call-parser minimax-m2
