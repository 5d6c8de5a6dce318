# vllm-project/vllm#11352: Qwen2.5-14B-Instruct, TP 4 on 4 x V100, float16 with chunked prefill -> fails
CUDA_VISIBLE_DEVICES=4,5,6,7 vllm serve /model/models/Qwen2.5-14B-Instruct -tp 4 --port 38321 --dtype float16 --enable-chunked-prefill true --served-model-name Qwen2.5-14B-Instruct --max-model-len 8192
