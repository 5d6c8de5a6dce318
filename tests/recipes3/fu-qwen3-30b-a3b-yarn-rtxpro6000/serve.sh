# fuutott/how-to-run-vllm-on-rtx-pro-6000-under-wsl2-ubuntu-24.04-mistral-24b-qwen3@68d9aa9ff564 README.md lines 232-237: copied as written
vllm serve Qwen/Qwen3-30B-A3B \
    --dtype bfloat16 \
    --enable-reasoning \
    --reasoning-parser deepseek_r1 \
    --rope-scaling '{"rope_type":"yarn","factor":4.0,"original_max_position_embeddings":32768}' \
    --max-model-len 131072
