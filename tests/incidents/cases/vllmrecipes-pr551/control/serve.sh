# vllm-project/recipes#551: the merged fix - "lowers the default value for --max-num-seqs from 1024 to 512"
python3 -m vllm.entrypoints.openai.api_server --model Qwen/Qwen3.6-27B-FP8 --gpu-memory-utilization 0.95 --tool-call-parser qwen3_coder --reasoning-parser qwen3 --enable-auto-tool-choice --max-num-seqs 512
