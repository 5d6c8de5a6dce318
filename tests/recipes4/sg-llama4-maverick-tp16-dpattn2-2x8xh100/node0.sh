# sgl-project/sglang#5159 description (fzyzcjy, 2025-04-08), 'Motivation', first launch line: copied as written
python3 -m sglang.launch_server --model-path meta-llama/Llama-4-Maverick-17B-128E-Instruct --port 20000 --tp 16 --dp 2 --mem-fraction-static 0.8 --context-length 8192 --disable-radix-cache --enable-dp-attention --dist-init-addr 10.10.38.10:37000 --nnodes 2 --node-rank 0
