# vllm-project/recipes#653: MiniMax-M3 MXFP8 by the recipe's single-node TP command on one 8 x H100 80GB node (no --max-model-len)
# -> "To serve at least one request with the model's max seq len (1048576), (44.25 GiB KV cache is needed, which is larger than the available KV cache memory (8.42 GiB)"
docker run --gpus all --ipc=host -p 8000:8000 vllm/vllm-openai:minimax-m3 \
  --model MiniMaxAI/MiniMax-M3-MXFP8 \
  --block-size 128 \
  --tensor-parallel-size 8 \
  --tool-call-parser minimax_m3 --enable-auto-tool-choice \
  --reasoning-parser minimax_m3
