# sgl-project/sgl-cookbook#234: the DeepSeek-V3 command the cookbook printed for H100 before the fix; "H100 requires 16 GPUs (2 nodes) due to model size"
python3 -m sglang.launch_server \
  --model-path deepseek-ai/DeepSeek-V3 \
  --tp 8 \
  --enable-symm-mem # Optional: improves performance, but may be unstable
