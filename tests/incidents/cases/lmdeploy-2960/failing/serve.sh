# InternLM/lmdeploy#2960: DeepSeek-V3 (FP8) with the PyTorch engine, TP 8 on 8 x H800 -> OOM
lmdeploy serve api_server deepseek-ai/DeepSeek-V3 --backend pytorch --tp 8
