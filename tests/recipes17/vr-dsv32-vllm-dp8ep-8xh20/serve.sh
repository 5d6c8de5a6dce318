# vllm-project/recipes@8959cf64189c DeepSeek/DeepSeek-V3_2.md lines 147-147 ('EP/DP Mode' block (line 147)): copied as written
vllm serve deepseek-ai/DeepSeek-V3.2 -dp 8 --enable-expert-parallel
