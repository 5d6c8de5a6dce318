# vllm-project/vllm#11352: the same with --dtype float32, which the reporter says works
CUDA_VISIBLE_DEVICES=4,5,6,7 vllm serve /model/models/Qwen2.5-14B-Instruct -tp 4 --port 38321 --dtype float32 --enable-chunked-prefill true --served-model-name Qwen2.5-14B-Instruct --max-model-len 8192
