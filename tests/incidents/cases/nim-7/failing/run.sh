# NVIDIA-AI-Blueprints/bring-llms-to-nim#7: the multi-LLM NIM serving Qwen2.5-0.5B on Quadro RTX 6000s -> Bfloat16 is only supported on GPUs with compute capability of at least 8.0
docker run -it --rm --name=my-first-nim \
  --runtime=nvidia --gpus all \
  -p 8000:8000 \
  -e NIM_MODEL_NAME="hf://Qwen/Qwen2.5-0.5B" \
  nvcr.io/nim/nvidia/llm-nim:latest
