# vllm-project/vllm#37387 (Alkevas): "Working fix: --quantization awq_marlin --attention-backend TRITON_ATTN";
# "Confirmed working ... Qwen/Qwen2.5-14B-Instruct-AWQ (14B)"
vllm serve Qwen/Qwen2.5-14B-Instruct-AWQ --quantization awq_marlin --attention-backend TRITON_ATTN
