# sgl-project/sglang#12255: DeepSeek-R1-0528 FP8 + KTransformers on 8 x RTX 4090 with --kt-num-gpu-experts 200 -> CUDA out of memory
# (maintainer: 100 or lower for 8 x 24 GB; 200 is the 8 x L20 setting)
PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True python -m sglang.launch_server \
  --host 0.0.0.0 --port 30000 \
  --model /root/models/ApproachingAI2024/DeepSeek-R1-0528-GPU-weight \
  --kt-amx-weight-path /root/models/ApproachingAI2024/DeepSeek-R1-0528-CPU-weight \
  --kt-cpuinfer 100 \
  --kt-threadpool-count 2 \
  --kt-num-gpu-experts 200 \
  --kt-amx-method AMXINT4 \
  --tensor-parallel-size 8
