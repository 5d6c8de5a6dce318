# ROCm/ATOM#442: "MiniMax-M2.5 | 1536 | 4 | 384 | 0 -> OK"
python3 -m atom.entrypoints.openai_server --model MiniMaxAI/MiniMax-M2.5 --server-port 8000 -tp 4 --kv_cache_dtype fp8 --trust-remote-code
