# vllm-project/vllm#4650 (mphilippnv): "I've been able to get it to run with these settings" (cut after '--t' in the stored text)
python3 -m vllm.entrypoints.openai.api_server --model deepseek-ai/DeepSeek-Coder-V2-Instruct --trust-remote-code --max-model-len 30000 --device cuda --tensor-parallel-size 8
