# NVIDIA/TensorRT-LLM#18039: nvidia/DeepSeek-V4-Flash-NVFP4 with trtllm-serve on 4 x RTX PRO 6000 Blackwell Server Edition (g7e.24xlarge),
# nvcr.io/nvidia/tensorrt-llm/release:1.3.0rc24 -> aborts during attention warmup: "Deepseek should be supported by fmha"
trtllm-serve serve nvidia/DeepSeek-V4-Flash-NVFP4 \
  --host 0.0.0.0 \
  --port 8000 \
  --backend pytorch \
  --tp_size 4 \
  --ep_size 4 \
  --pp_size 1
