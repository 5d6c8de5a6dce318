# MiniMax-AI/MiniMax-M2.5@60fa60fdbfbc docs/vllm_deploy_guide_cn.md '4 卡部署命令'
SAFETENSORS_FAST_GPU=1 vllm serve \
    MiniMaxAI/MiniMax-M2.5 --trust-remote-code \
    --tensor-parallel-size 4 \
    --enable-auto-tool-choice --tool-call-parser minimax_m2 \
    --reasoning-parser minimax_m2_append_think
