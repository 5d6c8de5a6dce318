# sgl-project/sglang#4232 (comment): DeepSeek-V3 with DeepEP on one node of 8 x H20 96 GB -> CUDA out of memory; "2 nodes would be better"
python3 -m sglang.launch_server --model-path /data00/models/DeepSeek-V3 --tp 8 --dp 8 --enable-dp-attention --enable-deepep-moe --trust-remote-code --port 8010 --context-length 8192 --mem-fraction-static 0.8 --disable-cuda-graph
