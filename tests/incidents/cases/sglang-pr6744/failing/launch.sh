# sgl-project/sglang#6744: Llama-4-Scout at TP 8 with a 2.8M context length -> out of memory at start-up
python3 -m sglang.launch_server --model-path meta-llama/Llama-4-Scout-17B-16E-Instruct --port 30002 --tp 8 --context-length 2800000
