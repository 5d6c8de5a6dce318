# sgl-project/sglang@0006053c1f74 benchmark/deepseek_v3/README.md section 'Example: Serving with 8 A100/A800 with AWQ Quantization': copied as written
python3 -m sglang.launch_server --model cognitivecomputations/DeepSeek-R1-AWQ --tp 8 --trust-remote-code --quantization moe_wna16
