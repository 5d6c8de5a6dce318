# vllm-project/vllm#15182: DeepSeek-R1 GGUF (Q2 path, 'Q4' in the text) at TP 8 on 8x A800 80GB -> CUDA out of memory
python3 api_server.py --host 0.0.0.0 --port 7803 --model /data/models/DeepSeek-R1-Q2/ --served-model-name deepseek-r1 --max-model-len 8192 --enable-reasoning --reasoning-parser deepseek_r1 --gpu-memory-utilization 0.9 --tensor-parallel-size 8 --trust-remote-code
