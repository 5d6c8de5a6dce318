#!/bin/sh
# vllm-project/vllm#57713: the reporter's launch on H100 (values the thread does not give are left as it leaves them).
exec vllm serve "${MODEL_PATH}" \
  --served-model-name "${MODEL}" \
  --kv-cache-dtype fp8 \
  --disable-access-log-for-endpoints=/health,/metrics \
  --max-num-seqs "${MAX_NUM_SEQS}" \
  --max-num-batched-tokens "${MAX_NUM_BATCHED_TOKENS}" \
  --max-cudagraph-capture-size "${MAX_CG_SIZE}" \
  --long-prefill-token-threshold "${LONG_PREFILL_TOKEN_THRESHOLD}" \
  --tensor-parallel-size 8 \
  --enable-expert-parallel \
  --enable-ep-weight-filter \
  --speculative-config "{\"method\":\"mtp\",\"num_speculative_tokens\":${SPEC_TOKENS}}" \
  --no-enable-flashinfer-autotune \
  --reasoning-parser glm45 \
  --tool-call-parser glm47 \
  --enable-auto-tool-choice \
  --enable-prompt-tokens-details
