# InternLM/lmdeploy#3542: "I can use Qwen3-235B-A22B normally" (same flags assumed)
lmdeploy serve api_server Qwen3-235B-A22B --server-port 8811 --cache-max-entry-count 0.9 --tp 8 --log-level INFO --backend pytorch
