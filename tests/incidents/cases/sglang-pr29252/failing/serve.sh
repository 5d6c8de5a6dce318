# sgl-project/sglang#29252: the Gemma 4 command selector's B200 command for google/gemma-4-26B-A4B-it (TP 1, --mem-fraction-static 0.9)
# -> "too aggressive for the B200 MoE recipe because the model uses the Triton fused-MoE path and needs extra workspace headroom during serving"
sglang serve --model-path google/gemma-4-26B-A4B-it --tp 1 --mem-fraction-static 0.9 --reasoning-parser gemma4 --tool-call-parser gemma4 --attention-backend triton --host 0.0.0.0 --port 30000
