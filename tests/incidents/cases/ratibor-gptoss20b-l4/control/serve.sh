# https://ai-navigate-news.com/ja/articles/3ec30937-24f8-4cc5-9e8c-e90eb48d807b (A. Nizhegolenko, Dev.to, GKE part 2):
# "openai/gpt-oss-20b running with a 128,000 token context on the same single L4 GPU" (g2-standard-4)
vllm serve openai/gpt-oss-20b --max-model-len 128000 --enable-auto-tool-choice --tool-call-parser openai
