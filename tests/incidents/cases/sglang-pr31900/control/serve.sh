# sgl-project/sglang#31900 (the fix, as the cookbook carries it at sgl-project/sglang@15a15c1b): the same GB200 MTP cell with
# --mem-fraction-static 0.85 and --context-length 65536 -> "0.85 + a context cap boots and serves (GSM8K 5-shot 0.940, 8k/1k sweep cc1-128 verified on 4xGB200)"
SGLANG_ENABLE_UNIFIED_RADIX_TREE=1 sglang serve \
  --trust-remote-code \
  --model-path thinkingmachines/Inkling-NVFP4 \
  --tp 4 \
  --quantization modelopt_fp4 \
  --attention-backend fa4 \
  --page-size 128 \
  --fp4-gemm-backend flashinfer_trtllm \
  --moe-runner-backend flashinfer_trtllm_routed \
  --enable-torch-symm-mem \
  --mamba-radix-cache-strategy extra_buffer \
  --mem-fraction-static 0.85 \
  --swa-full-tokens-ratio 0.1 \
  --mamba-full-memory-ratio 0.1 \
  --context-length 65536 \
  --enable-multimodal \
  --reasoning-parser inkling \
  --tool-call-parser inkling \
  --speculative-algorithm EAGLE \
  --speculative-num-steps 8 \
  --speculative-eagle-topk 1 \
  --speculative-num-draft-tokens 9 \
  --enable-multi-layer-eagle \
  --speculative-use-rejection-sampling \
  --host 0.0.0.0 \
  --port 30000
