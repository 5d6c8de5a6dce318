# QwenLM/Qwen3-VL#1507: the fixed command ("Tested and confirmed working ... with 8x NVIDIA H100 GPUs")
python -m vllm.entrypoints.openai.api_server \
  --model Qwen/Qwen3-VL-235B-A22B-Instruct \
  --served-model-name Qwen/Qwen3-VL-235B-A22B-Instruct \
  --tensor-parallel-size 8 \
  --mm-encoder-tp-mode data \
  --enable-expert-parallel \
  --host 0.0.0.0 \
  --port 22002 \
  --dtype bfloat16 \
  --gpu-memory-utilization 0.97 \
  --quantization fp8 \
  --max-model-len 8192 \
  --max-num-seqs 8 \
  --distributed-executor-backend mp
