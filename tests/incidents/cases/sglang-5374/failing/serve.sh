# sgl-project/sglang#5374: Qwen2.5-VL on two RTX 4090, TP 2 -> out of memory at 14 video frames
CUDA_VISIBLE_DEVICES=0,1 python3 -m sglang.launch_server --model Qwen/Qwen2.5-VL-7B-Instruct --port 3000 --chat-template qwen2-vl --host 0.0.0.0 --tensor-parallel-size 2 --dtype half --mem-fraction-static 0.8
