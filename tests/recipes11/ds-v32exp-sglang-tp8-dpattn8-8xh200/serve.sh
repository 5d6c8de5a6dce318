# deepseek-ai/DeepSeek-V3.2-Exp@3b99a535 README.md line 121: copied as written
python -m sglang.launch_server --model deepseek-ai/DeepSeek-V3.2-Exp --tp 8 --dp 8 --enable-dp-attention
