# teo-ma/rtxpro6000-qwen-testing@f3e90b4018f6 qwen3_32b_vllm_1gpu_nvfp4_fp8_bf16_report_20251222.md lines 55-59 and 65-74: copied as written
export CUDA_VISIBLE_DEVICES=0
export VLLM_ATTENTION_BACKEND=TRITON_ATTN
export HF_HOME=/data/bench/hf
export XDG_CACHE_HOME=/data/bench/qwen3_32b_vllm_bench_20251222/cache
export TMPDIR=/data/bench/qwen3_32b_vllm_bench_20251222/tmp

nohup /data/bench/qwen25vl72b_vllm_bench_20251222/.venv/bin/vllm serve \
  RedHatAI/Qwen3-32B-NVFP4 \
  --download-dir /data/bench/hf \
  --host 127.0.0.1 --port 8000 \
  --tensor-parallel-size 1 \
  --max-model-len 4096 \
  --gpu-memory-utilization 0.95 \
  --max-num-seqs 32 \
  --enable-force-include-usage \
  > /data/bench/qwen3_32b_vllm_bench_20251222/logs/vllm_nvfp4.log 2>&1 &
