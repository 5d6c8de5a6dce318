# vllm-project/vllm#10533: two servers started on one 80G A100, the 72B first, then the 14B
# ("the 14b will refused to start with ... No available memory for the cache blocks")
python3 -m vllm.entrypoints.openai.api_server \
        --model /models/Qwen2.5-72B-Instruct-GPTQ-Int4 \
        --gpu-memory-utilization 0.75 \
        --max-model-len=16384 \
        --served-model-name qwen2.5-14b \
        --quantization=gptq \
        --enforce-eager \
        --enable-chunked-prefill \
        --enable-prefix-caching &
python3 -m vllm.entrypoints.openai.api_server \
        --model /models/Qwen2.5-14B-Instruct-GPTQ-Int4 \
        --gpu-memory-utilization 0.20 \
        --max-model-len=16384 \
        --served-model-name qwen2.5-14b \
        --quantization=gptq \
        --enforce-eager \
        --enable-chunked-prefill \
        --enable-prefix-caching
