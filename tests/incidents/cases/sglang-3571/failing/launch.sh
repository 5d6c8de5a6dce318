# sgl-project/sglang#3571: Qwen2.5-VL-72B AWQ (q_group_size 128) at --tp 2 fails to load
# ("Weight input_size_per_partition = 14784 is not divisible by min_thread_k = 128")
python3.10 -m sglang.launch_server --model-path PointerHQ/Qwen2.5-VL-72B-Instruct-Pointer-AWQ --tp 2 --dtype float16
