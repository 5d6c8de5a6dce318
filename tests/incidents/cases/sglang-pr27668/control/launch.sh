# sgl-project/sglang#27668 (the fix): DP attention is valid only when dp = tp / 8, so --tp 16 takes --dp 2 (the model author in sgl-project/sglang#23808: "dpsize should be set to 2")
# attention TP = 16 / 2 = 8, the checkpoint's fused-qkv TP
# node 0 of 2
SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK=256 sglang serve --trust-remote-code --model-path XiaomiMiMo/MiMo-V2.5-Pro-Base --tp 16 --ep 16 --dp 2 --enable-dp-attention --moe-a2a-backend deepep --moe-dense-tp-size 1 --nnodes 2 --node-rank 0 --dist-init-addr 10.0.0.1:5000 --mem-fraction-static 0.7 --max-running-requests 128 --chunked-prefill-size 32768 --cuda-graph-max-bs 64 --page-size 64 --swa-full-tokens-ratio 0.3 --host 0.0.0.0 --port 30000
# node 1 of 2
SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK=256 sglang serve --trust-remote-code --model-path XiaomiMiMo/MiMo-V2.5-Pro-Base --tp 16 --ep 16 --dp 2 --enable-dp-attention --moe-a2a-backend deepep --moe-dense-tp-size 1 --nnodes 2 --node-rank 1 --dist-init-addr 10.0.0.1:5000 --mem-fraction-static 0.7 --max-running-requests 128 --chunked-prefill-size 32768 --cuda-graph-max-bs 64 --page-size 64 --swa-full-tokens-ratio 0.3 --host 0.0.0.0 --port 30000
