# sgl-project/sglang#5159 description (fzyzcjy, 2025-04-08), 'Comparison test: 1x8xH100 + Scout', baseline: copied as written
# gsm8k: 91.8-92.2
python3 -m sglang.launch_server --model-path meta-llama/Llama-4-Scout-17B-16E-Instruct --port 20000 --tp 8 --mem-fraction-static 0.8 --context-length 8192 --disable-radix-cache
