# vllm-project/recipes#653 (merged as vllm-project/recipes@c33b609): the same command with the context capped at 128K for H100
docker run --gpus all --ipc=host -p 8000:8000 vllm/vllm-openai:minimax-m3 \
  --model MiniMaxAI/MiniMax-M3-MXFP8 \
  --block-size 128 \
  --tensor-parallel-size 8 \
  --tool-call-parser minimax_m3 --enable-auto-tool-choice \
  --reasoning-parser minimax_m3 \
  --max-model-len 131072
