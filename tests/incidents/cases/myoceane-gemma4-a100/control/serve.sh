# https://myoceane.fr/index.php/ai-vllm-a100-gemma-4/ (the page's command verbatim): starts on one A100,
# "Model loading took 48.5 GiB memory ... Available KV cache memory: 21.5 GiB"
vllm serve google/gemma-4-26B-A4B \
  --port 10000 \
  --max-model-len 131072 \
  --enforce-eager \
  --enable-chunked-prefill \
  --enable-auto-tool-choice \
  --reasoning-parser gemma4 \
  --tool-call-parser gemma4 \
  --chat-template /home/vllm/examples/tool_chat_template_gemma4.jinja \
  --gpu-memory-utilization 0.9
