# sgl-project/sglang#10467 (pull request): the benchmarked server, TP 4 on H20 (1000-2000: 1980.89 -> 2233.44 tok/s)
python3 -m sglang.launch_server --model Qwen/Qwen3-Next-80B-A3B-Instruct --trust-remote-code --tp-size 4 --port 9122
