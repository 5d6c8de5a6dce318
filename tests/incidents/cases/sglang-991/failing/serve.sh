# https://github.com/sgl-project/sglang/issues/991: Qwen2-7B-Instruct at --tp 2 on two RTX 4090
CUDA_VISIBLE_DEVICES=4,5 python3 -m sglang.launch_server --model-path /workspace/sdb/models/QWen/Qwen2-7B-Instruct/ --tp 2
