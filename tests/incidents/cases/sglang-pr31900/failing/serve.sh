# sgl-project/sglang#31900: the Inkling cookbook's GB200 | NVFP4 | MTP | single-node cell as it stood before the fix, on 4 x GB200 (192 GB)
# -> "RuntimeError: Not enough GPU memory for hybrid (mamba/linear-attention) state cache. Computed max_mamba_cache_size=-85"
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
  --mem-fraction-static 0.75 \
  --swa-full-tokens-ratio 0.1 \
  --mamba-full-memory-ratio 0.1 \
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
