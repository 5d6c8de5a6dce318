# kvcache-ai/Mooncake@3b5a5941 docs/source/performance/sglang/sglang-benchmark-results-v1.md lines 79-94 (the Decoder block): copied as written
SGLANG_HOST_IP=<DECODE_HOST_IP> \
MOONCAKE_PROTOCOL=rdma \
WITH_NVIDIA_PEERMEM=1 \
python -m sglang.launch_server \
  --model-path /path/to/Qwen3-235B-A22B-Instruct-2507 \
  --host 0.0.0.0 --port 30001 \
  --tp-size 8 \
  --dtype bfloat16 \
  --trust-remote-code \
  --stream-interval 1 \
  --chunked-prefill-size -1 \
  --disable-radix-cache \
  --disaggregation-mode decode \
  --disaggregation-transfer-backend mooncake \
  --disaggregation-ib-device /path/to/ib_devices.json \
  --enable-request-time-stats-logging
