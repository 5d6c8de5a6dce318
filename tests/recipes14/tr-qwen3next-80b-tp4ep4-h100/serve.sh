# NVIDIA/TensorRT-LLM@0c8de69a1ca6 docs/source/deployment-guide/deployment-guide-for-qwen3-next-on-trtllm.md sections 'Recommended Performance Settings' (the dropdown as the guide renders it: its prepend, examples/configs/curated/qwen3-next.yaml @21c1b298d4dc, its append) and 'Launch the TensorRT LLM Server': copied as written
EXTRA_LLM_API_FILE=/tmp/config.yml

cat << EOF > ${EXTRA_LLM_API_FILE}
max_batch_size: 16
max_num_tokens: 4096
tensor_parallel_size: 4
moe_expert_parallel_size: 4
trust_remote_code: true
cuda_graph_config:
  enable_padding: true
  max_batch_size: 720
moe_config:
  backend: TRTLLM
stream_interval: 20
num_postprocess_workers: 4
EOF

trtllm-serve Qwen/Qwen3-Next-80B-A3B-Thinking --host 0.0.0.0 --port 8000 --config ${EXTRA_LLM_API_FILE}
