# vllm-project/recipes@8959cf64189c DeepSeek/DeepSeek-V3_2.md lines 34-39 ('Launching DeepSeek-V3.2' block (lines 34-39)): copied as written
  vllm serve deepseek-ai/DeepSeek-V3.2 \
   --tensor-parallel-size 8 \
   --tokenizer-mode deepseek_v32 \
   --tool-call-parser deepseek_v32 \
   --enable-auto-tool-choice \
   --reasoning-parser deepseek_v3
