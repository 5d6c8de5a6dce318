# sgl-project/sglang#6817: Llama-4-Scout at TP 8, 1M context, mem-fraction-static 0.8 on 8xH200 -> the OOM of #5755
python -m sglang.launch_server --model-path meta-llama/Llama-4-Scout-17B-16E-Instruct --port 30000 --tp 8 --context-length 1000000 --mem-fraction-static 0.8
