# sgl-project/sglang#3571, BenasdTW: "I have quantized it with q_group_size=64, which works on vLLM"
# (the command is not in the thread: TP 2 and float16 assumed)
vllm serve Benasd/Qwen2.5-VL-72B-Instruct-AWQ --tensor-parallel-size 2 --dtype float16
