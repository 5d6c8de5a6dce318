# InternLM/lmdeploy#3542: Qwen3-235B-A22B-FP8 under the PyTorch backend at TP 8 on 8 x H20 -> cannot be loaded
lmdeploy serve api_server Qwen3-235B-A22B-FP8 --server-port 8811 --cache-max-entry-count 0.9 --tp 8 --log-level INFO --backend pytorch
