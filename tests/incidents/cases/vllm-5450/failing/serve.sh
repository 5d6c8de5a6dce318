# vllm-project/vllm#5450: vllm/vllm-openai:v0.5.0 on Kubernetes, Qwen2-72B-Instruct at TP 4
# -> "internal assert failed" (the container's args, as the issue shows them)
python3 -m vllm.entrypoints.openai.api_server \
        --host 0.0.0.0 \
        --model /fl/nlp/common/qwen/Qwen2-72B-Instruct \
        --trust-remote-code \
        --enforce-eager \
        --max-model-len 32768 \
        --gpu-memory-utilization 0.98 \
        --served-model-name qwen2-72bc \
        --tensor-parallel-size 4
