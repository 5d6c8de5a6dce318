# NVIDIA/srt-slurm@5f694b60: the decode role of recipes/qwen3.5/fp8/disagg/mooncake/stp_prefix_off/wideep-1p1d-dep16-dpep-ccsweep.yaml before the fix
# (DEP16 over 4 x 4 GB200, lmsysorg/sglang:0.5.10.post1) -> "0.80 OOMs during cuda-graph capture on real cc=4096 runs"; node 0 of 4
SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK=512 \
python3 -m dynamo.sglang \
  --model-path Qwen/Qwen3.5-397B-A17B-FP8 \
  --served-model-name Qwen/Qwen3.5-397B-A17B-FP8 \
  --trust-remote-code \
  --quantization fp8 \
  --kv-cache-dtype fp8_e4m3 \
  --tensor-parallel-size 16 \
  --data-parallel-size 16 \
  --expert-parallel-size 16 \
  --moe-dense-tp-size 1 \
  --enable-dp-attention \
  --enable-dp-lm-head \
  --mamba-scheduler-strategy no_buffer \
  --mamba-track-interval 128 \
  --mamba-ssm-dtype bfloat16 \
  --disaggregation-mode decode \
  --disable-radix-cache \
  --disaggregation-bootstrap-port 31000 \
  --chunked-prefill-size 4096 \
  --context-length 4096 \
  --mem-fraction-static 0.80 \
  --max-mamba-cache-size 2048 \
  --max-running-requests 2048 \
  --cuda-graph-max-bs 128 \
  --watchdog-timeout 1000000 \
  --page-size 64 \
  --attention-backend trtllm_mha \
  --moe-runner-backend deep_gemm \
  --moe-a2a-backend deepep \
  --deepep-mode low_latency \
  --ep-dispatch-algorithm static \
  --eplb-algorithm deepseek \
  --nnodes 4 \
  --node-rank 0 \
  --dist-init-addr decode-node-0:29500
