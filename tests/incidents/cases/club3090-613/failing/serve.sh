# https://github.com/noonghunna/club-3090/issues/613 (the compose's defaults at 510a76c8, as the log's args show)
# Qwen3.6-27B NVFP4 + MTP (3 draft tokens) at 131072 tokens, util 0.92, on one RTX 5090: OOM in the prefill scratch
vllm serve nvidia/Qwen3.6-27B-NVFP4 --quantization modelopt --dtype bfloat16 --tensor-parallel-size 1 --max-model-len 131072 --gpu-memory-utilization 0.92 --max-num-seqs 1 --max-num-batched-tokens 8192 --kv-cache-dtype fp8 --trust-remote-code --enable-prefix-caching --enable-chunked-prefill --speculative-config '{"method":"mtp","num_speculative_tokens":3}'
