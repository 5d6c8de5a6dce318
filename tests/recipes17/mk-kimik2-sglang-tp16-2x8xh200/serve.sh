# MoonshotAI/Kimi-K2@c6157be8531e docs/deploy_guidance.md lines 57-61 ('SGLang Deployment' / 'Tensor Parallelism' block (Node 0 and Node 1)): copied as written
# Node 0
python -m sglang.launch_server --model-path $MODEL_PATH --tp 16 --dist-init-addr $MASTER_IP:50000 --nnodes 2 --node-rank 0 --trust-remote-code --tool-call-parser kimi_k2

# Node 1
python -m sglang.launch_server --model-path $MODEL_PATH --tp 16 --dist-init-addr $MASTER_IP:50000 --nnodes 2 --node-rank 1 --trust-remote-code --tool-call-parser kimi_k2
