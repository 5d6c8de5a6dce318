# sgl-project/sglang#5755: Llama-4-Scout-17B-16E-Instruct at TP 8 -> CUDA OOM trying to allocate 80.04 GiB
python3 -m sglang.launch_server --model meta-llama/Llama-4-Scout-17B-16E-Instruct --trust-remote-code --tp 8 --disable-cuda-graph
