# NVIDIA/TensorRT-LLM#2964 comment by xwuShirley (2025-03-20): copied as written
trtllm-serve  nvidia/DeepSeek-R1-FP4 \
--max_batch_size 256 --max_num_tokens 32768 \
--max_seq_len 32768 --kv_cache_free_gpu_memory_fraction 0.95 \
--host 0.0.0.0 --port 30001 --trust_remote_code --backend pytorch --tp_size 8 --ep_size 8
