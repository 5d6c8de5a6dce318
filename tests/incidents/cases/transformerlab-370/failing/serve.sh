# transformerlab/transformerlab-app#370: DeepSeek-R1-Distill-Qwen-1.5B at its default (bfloat16) dtype on a V100 (vLLM 0.5.4)
python -m vllm.entrypoints.openai.api_server --model deepseek-ai/DeepSeek-R1-Distill-Qwen-1.5B --trust-remote-code
