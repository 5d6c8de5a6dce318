# sgl-project/sglang#18875: "Serving MiniMaxAI/MiniMax-M2.5 on 8x A100 with tp=8, ep=8 is currently broken" (parameters as stated)
python -m sglang.launch_server --model-path MiniMaxAI/MiniMax-M2.5 --tp 8 --ep 8 --trust-remote-code
