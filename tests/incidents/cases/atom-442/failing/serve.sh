# ROCm/ATOM#442: MiniMax-M2.5 (FP8, block 128) under ATOM at TP 8 -> gate/up output 192 not divisible by block_n 128
python3 -m atom.entrypoints.openai_server --model MiniMaxAI/MiniMax-M2.5 --server-port 8000 -tp 8 --kv_cache_dtype fp8 --trust-remote-code
