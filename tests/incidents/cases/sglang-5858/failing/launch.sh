# sgl-project/sglang#5858 (tallate): Qwen3-235B-A22B-FP8 with --tp 8 fails; the maintainer: "Qwen 3 FP8 uses block wise FP8"
python3 -m sglang.launch_server --model Qwen/Qwen3-235B-A22B-FP8 --tp 8 --reasoning-parser qwen3
