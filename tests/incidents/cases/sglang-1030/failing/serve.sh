# sgl-project/sglang#1030: Llama-3-8B, 20 concurrent 1k-token streams -> OOM at prefill (GPU not named)
python -m sglang.launch_server --model-path NousResearch/Meta-Llama-3-8B-Instruct  --host 0.0.0.0  --port 8000 --context-length 4096 --dtype bfloat16  --chat-template llama-3
