# vllm-project/recipes#831: Qwen3.8-27B-FP8 at the recipe's defaults on one RTX PRO 6000 Blackwell Max-Q (96 GB)
# -> "ValueError: max_num_seqs (1024) exceeds available Mamba cache blocks (939)."
docker run --gpus all --ipc=host -p 8000:8000 vllm/vllm-openai:qwen38 \
  --model Qwen/Qwen3.8-27B-FP8 \
  --enable-auto-tool-choice --tool-call-parser qwen3_coder \
  --reasoning-parser qwen3
