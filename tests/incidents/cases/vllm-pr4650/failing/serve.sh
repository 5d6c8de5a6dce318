# vllm-project/vllm#4650 (mphilippnv, vllm/vllm-openai:v0.5.4 on 8 x H100): the engine args, verbatim
python3 -m vllm.entrypoints.openai.api_server --model deepseek-ai/DeepSeek-Coder-V2-Instruct --trust-remote-code --max-seq-len-to-capture 64000 --max-model-len 64000 --device cuda --gpu-memory-utilization 0.95 --tensor-parallel-size 8 --distributed-executor-backend ray --enforce-eager
