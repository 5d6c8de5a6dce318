# kagaho/VLLM_Serve_llama3-70b-awq_on_L40S_with_Tensor_Parallelism_2@3e970694c3f6 README.md lines 50-63: copied as written
podman run --rm -it --net=host \
  --hooks-dir=/usr/share/containers/oci/hooks.d \
  --security-opt=label=disable \
  --device nvidia.com/gpu=0 \
  --device nvidia.com/gpu=1 \
  -e HF_HOME=/mnt/shockwave/soundwave/hf_cache \
  -e VLLM_CACHE_DIR=/mnt/shockwave/soundwave/vllm_cache \
  -v /mnt/shockwave/soundwave:/mnt/shockwave/soundwave \
  --entrypoint /bin/bash \
  docker.io/vllm/vllm-openai:latest -lc \
  'vllm serve /mnt/shockwave/soundwave/models/llama3-70b-awq \
     --port 8002 \
     --tensor-parallel-size 2 \
     2>&1 | tee /mnt/shockwave/soundwave/logs/vllm_tp2_default_DEBUG_8002.log'
