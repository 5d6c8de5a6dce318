# sgl-project/sglang#10467 (pull request): Qwen3-Next-80B-A3B-Instruct on H20 - "TP=2 will cause RuntimeError: Not enough memory."
python3 -m sglang.launch_server --model Qwen/Qwen3-Next-80B-A3B-Instruct --trust-remote-code --tp-size 2 --port 9122
