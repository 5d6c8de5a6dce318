# vllm-project/vllm#16901 comment by voipmonitor (2025-06-05), 'tensor-parallel = 1': copied as written
VLLM_ATTENTION_BACKEND=FLASHINFER vllm serve /root/models/RedHatAI/Meta-Llama-3.1-8B-Instruct-FP8/ --served-model-name  "RedHatAI/Meta-Llama-3.1-8B-Instruct-FP8" --enable-prefix-caching --enable-chunked-prefill   --max-model-len 20000   --tensor-parallel-size 1 --port 8001
