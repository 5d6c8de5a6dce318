# vllm-project/vllm#40851: DeepSeek-V4-Flash on 8 x A800 with vllm/vllm-openai:deepseekv4-cu129
# -> "hyperconnection.hpp:56: Unsupported architecture" (also with --enforce-eager)
docker run -d --gpus all \
  -e CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 \
  -v /path/to/models:/workspace \
  -p 39001:8000 \
  vllm/vllm-openai:deepseekv4-cu129 \
  deepseek-ai/DeepSeek-V4-Flash --tensor-parallel-size 8 --trust-remote-code --enforce-eager
