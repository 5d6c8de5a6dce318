# sgl-project/sglang#4814: the same with custom all-reduce disabled ("we must disable custom all reduce on these devices")
python -m sglang.launch_server --served-model-name=qwen --trust-remote-code --model=./Qwen2.5-0.5B-Instruct --tensor-parallel-size=2 --disable-custom-all-reduce
