# teo-ma/rtxpro6000-qwen-testing@f3e90b4018f6 qwen2_5_vl_72b_fp8_vllm_1gpu_vs_2gpu_report_20251222.md lines 35 and 52-60: copied as written
#   - 1GPU：`CUDA_VISIBLE_DEVICES=0`（1 个 MIG device）
/data/bench/qwen25vl72b_vllm_bench_20251222/.venv/bin/vllm serve \
  RedHatAI/Qwen2.5-VL-72B-Instruct-FP8-dynamic \
  --download-dir /data/bench/hf \
  --host 127.0.0.1 --port 8000 \
  --tensor-parallel-size 1 \
  --max-model-len 4096 \
  --gpu-memory-utilization 0.95 \
  --kv-cache-dtype fp8 \
  --enable-force-include-usage
