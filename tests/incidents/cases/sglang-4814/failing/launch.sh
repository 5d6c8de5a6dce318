# sgl-project/sglang#4814: TP 2 on an 8 x RTX 4090 node -> RuntimeError: CUDART error: peer access is not supported between these two devices
python -m sglang.launch_server --served-model-name=qwen --trust-remote-code --model=./Qwen2.5-0.5B-Instruct --tensor-parallel-size=2
