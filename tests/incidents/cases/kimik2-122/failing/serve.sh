# MoonshotAI/Kimi-K2#122: Kimi-K2.5 at TP 8 on 8 x H20 -> fails (error in a screenshot)
CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 vllm serve kimi-k2.5 -tp 8 --mm-encoder-tp-mode data --trust-remote-code --tool-call-parser kimi_k2 --reasoning-parser kimi_k2
