# NVIDIA/TensorRT-LLM@0f34bf05edf0 docs/source/deployment-guide/quick-start-recipe-for-llama4-scout-on-trtllm.md the two sections' shell blocks: copied as written
EXTRA_LLM_API_FILE=/tmp/config.yml

cat << EOF > ${EXTRA_LLM_API_FILE}
enable_attention_dp: false
cuda_graph_config:
  enable_padding: true
  max_batch_size: 1024
kv_cache_config:
  dtype: fp8
EOF

trtllm-serve nvidia/Llama-4-Scout-17B-16E-Instruct-FP8 \
    --host 0.0.0.0 \
    --port 8000 \
    --max_batch_size 1024 \
    --max_num_tokens 2048 \
    --max_seq_len 2048 \
    --kv_cache_free_gpu_memory_fraction 0.9 \
    --tp_size 1 \
    --ep_size 1 \
    --trust_remote_code \
    --extra_llm_api_options ${EXTRA_LLM_API_FILE}
