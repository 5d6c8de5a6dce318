# vllm-project/recipes@8959cf64189c moonshotai/Kimi-K2.5.md lines 128-133 ('Running Kimi-K2.5 with vLLM' / 'NVIDIA' block (lines 128-133)): copied as written
vllm serve moonshotai/Kimi-K2.5 -tp 8 \
    --mm-encoder-tp-mode data \
    --tool-call-parser kimi_k2 \
    --reasoning-parser kimi_k2 \
    --enable-auto-tool-choice \
    --trust-remote-code
