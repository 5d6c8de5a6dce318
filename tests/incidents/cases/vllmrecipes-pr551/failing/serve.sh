# vllm-project/recipes#551: Qwen3.6-27B-FP8 on one H100 -> "max_num_seqs (1024) exceeds available Mamba cache blocks (856)"
python3 -m vllm.entrypoints.openai.api_server --model Qwen/Qwen3.6-27B-FP8 --gpu-memory-utilization 0.95 --tool-call-parser qwen3_coder --reasoning-parser qwen3 --enable-auto-tool-choice
