# QwenLM/Qwen3-VL#1746: Qwen3-VL-235B-A22B-Instruct through sglang_router with --dp-size 8 on 8 x H800 -> out of memory
python3 -m sglang_router.launch_server \
	--model-path Qwen/Qwen3-VL-235B-A22B-Instruct \
	--dp-size 8 \
	--host 0.0.0.0 \
	--port 8001 \
	--router-worker-startup-timeout-secs 3600 \
	--router-prometheus-port 29000
