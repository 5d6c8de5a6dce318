# vllm-project/vllm#6124: Phi-3-vision-128k-instruct on a vLLM build from 3de6e6a3 -> KV cache 95520 tokens < 131072
python -m vllm.entrypoints.openai.api_server \
--tensor-parallel-size=1 \
--model=/models/Phi-3-vision-128k-instruct
