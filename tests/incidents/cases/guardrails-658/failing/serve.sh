# NVIDIA-NeMo/Guardrails#658: Patronus-Lynx-70B-Instruct served by vLLM on one Colab T4 (16 GB) -> CUDA out of memory
python -m vllm.entrypoints.openai.api_server --port 5000 --model 'PatronusAI/Patronus-Lynx-70B-Instruct'
