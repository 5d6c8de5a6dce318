# sgl-project/sglang#29252: the validated B200 run: "Launch included --mem-fraction-static 0.75 --reasoning-parser gemma4 --tool-call-parser gemma4 --attention-backend triton"
# -> "Server reached server_ready and completed six workload captures"
sglang serve --model-path google/gemma-4-26B-A4B-it --tp 1 --mem-fraction-static 0.75 --reasoning-parser gemma4 --tool-call-parser gemma4 --attention-backend triton --host 0.0.0.0 --port 30000
