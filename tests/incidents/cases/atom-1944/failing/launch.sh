# ROCm/ATOM#1944: Qwen3.6-35B-A3B-FP8 under SGLang + ATOM at --tp-size 8 (plain TP) on 8 x MI355X
# -> The output_size of gate's and up's weight = 64 is not divisible by weight quantization block_n = 128
python3 -m sglang.launch_server --model-path Qwen/Qwen3.6-35B-A3B-FP8 --tp-size 8 --trust-remote-code
