# NVIDIA/TensorRT-LLM@1a349cd7a37e docs/source/deployment-guide/deployment-guide-for-kimi-k2-thinking-on-trtllm.md sections 'Recommended Performance Settings' (the dropdown as the guide renders it: its prepend, examples/configs/curated/kimi-k2-thinking.yaml @2039bbf41058, its append) and 'Launch the TensorRT LLM Server': copied as written
EXTRA_LLM_API_FILE=/tmp/config.yml

cat << EOF > ${EXTRA_LLM_API_FILE}
max_batch_size: 128
max_num_tokens: 8448
max_seq_len: 8212
tensor_parallel_size: 8
moe_expert_parallel_size: 8
enable_attention_dp: true
pipeline_parallel_size: 1
print_iter_log: true
kv_cache_config:
  free_gpu_memory_fraction: 0.75
  dtype: fp8
cache_transceiver_config:
  backend: UCX
  max_tokens_in_buffer: 8448
trust_remote_code: true
EOF

trtllm-serve nvidia/Kimi-K2-Thinking-NVFP4 \
    --host 0.0.0.0 --port 8000 \
    --config ${EXTRA_LLM_API_FILE}
