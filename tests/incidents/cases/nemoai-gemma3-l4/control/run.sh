# github.com/100-hours-a-week/6-nemo-ai/wiki (via github-wiki-see.page): one Gemma 3 4B vLLM container on one L4,
# "Gemma 3 4B × 1개 ✅ 가능 (약 21.2GB 사용)"
docker run -d --gpus all -p 8000:8000 vllm/vllm-openai --model google/gemma-3-4b-it
