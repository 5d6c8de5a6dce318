# MiniMax-AI/MiniMax-M2.5@60fa60fdbfbc docs/sglang_deploy_guide_cn.md '4 卡部署命令'
python -m sglang.launch_server \
    --model-path MiniMaxAI/MiniMax-M2.5 \
    --tp-size 4 \
    --tool-call-parser minimax-m2 \
    --reasoning-parser minimax-append-think \
    --host 0.0.0.0 \
    --trust-remote-code \
    --port 8000 \
    --mem-fraction-static 0.85
