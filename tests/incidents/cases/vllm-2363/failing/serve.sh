# vllm-project/vllm#2363: Mixtral-8x7B-v0.1 on one 40 GB GPU -> CUDA out of memory
python -m vllm.entrypoints.openai.api_server \
--model mistralai/Mixtral-8x7B-v0.1
