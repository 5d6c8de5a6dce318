# sgl-project/sglang@14327294fc93 docs/basic_usage/llama4.md section 'Accuracy Test with lm_eval' (Scout server command): copied as written
python -m sglang.launch_server \
  --model-path meta-llama/Llama-4-Scout-17B-16E-Instruct \
  --port 30000 \
  --tp 8 \
  --mem-fraction-static 0.8 \
  --context-length 65536
