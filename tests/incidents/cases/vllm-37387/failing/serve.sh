# vllm-project/vllm#37387 (Alkevas): RTX 5060 Ti (SM_120) - "Standard `--quantization awq` requires float16 -> immediate crash"
vllm serve Qwen/Qwen2.5-14B-Instruct-AWQ --quantization awq
