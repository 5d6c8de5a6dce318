# NVIDIA/TensorRT-LLM#4599: Qwen3-30B-A3B-FP8 on one RTX 5880 Ada (SM89), trtllm-serve 0.21.0rc0 (PyTorch backend)
# -> "Unsupported SM version for FP8 block scaling GEMM"
trtllm-serve \
  Qwen/Qwen3-30B-A3B-FP8 \
  --host localhost \
  --port 8000 \
  --backend pytorch \
  --max_batch_size 256 \
  --max_num_tokens 8129 \
  --tp_size 1 \
  --ep_size 1 \
  --pp_size 1 \
  --kv_cache_free_gpu_memory_fraction 0.9
