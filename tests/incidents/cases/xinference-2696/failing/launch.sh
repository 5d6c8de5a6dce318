# xorbitsai/inference#2696: Qwen2-VL-7B-Instruct launched through Xinference 0.16.1 with the vLLM engine
xinference launch --model_path /models/Qwen2-VL-7B-Instruct --model-engine vllm -n qwen2-vl-instruct  -f pytorch -s 7 -u qwen2-vl-instruct_test --gpu-idx 2 --gpu-memory-utilization 0.9 -e http://xxxx:7009
