# sgl-project/sgl-cookbook@7b5bd9c05e3d docs/autoregressive/OpenAI/GPT-OSS.md lines 425-427: copied as written
python -m sglang.launch_server \
  --model openai/gpt-oss-120b \
  --tp 8
