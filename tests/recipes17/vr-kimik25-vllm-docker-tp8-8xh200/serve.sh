# vllm-project/recipes@8959cf64189c moonshotai/Kimi-K2.5.md lines 44-53 ('Use vLLM with Docker' / 'Hopper (x86_64)' block (lines 44-53)): copied as written
docker run --gpus all \
  -p 8000:8000 \
  --ipc=host \
  vllm/vllm-openai:v0.17.0-cu130 moonshotai/Kimi-K2.5 \
    --tensor-parallel-size 8 \
    --mm-encoder-tp-mode data \
    --tool-call-parser kimi_k2 \
    --reasoning-parser kimi_k2 \
    --enable-auto-tool-choice \
    --trust-remote-code
