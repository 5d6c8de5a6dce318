# teo-ma/rtxpro6000-qwen-testing@f3e90b4018f6 qwen2_5_vl_72b_fp8_vllm_1gpu_vs_2gpu_report_20251222.md lines 70-85: copied as written
export CUDA_VISIBLE_DEVICES=0,1
export VLLM_ATTENTION_BACKEND=TRITON_ATTN
export TMPDIR=/data/bench/tmp
export XDG_CACHE_HOME=/data/bench/cache

nohup /data/bench/qwen25vl72b_vllm_bench_20251222/.venv/bin/vllm serve \
  RedHatAI/Qwen2.5-VL-72B-Instruct-FP8-dynamic \
  --download-dir /data/bench/hf \
  --host 127.0.0.1 --port 8000 \
  --tensor-parallel-size 2 \
  --max-model-len 4096 \
  --gpu-memory-utilization 0.95 \
  --kv-cache-dtype fp8 \
  --max-num-seqs 32 \
  --enable-force-include-usage \
  > logs/vllm_2gpu_retry.log 2>&1 &
