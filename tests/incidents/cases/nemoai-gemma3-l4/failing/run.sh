# github.com/100-hours-a-week/6-nemo-ai/wiki (via github-wiki-see.page): two Gemma 3 4B vLLM containers on one L4,
# "Gemma 3 4B × 2개 이상 ❌ 불가능 (OOM 발생 확정)"
docker run -d --gpus all -p 8000:8000 vllm/vllm-openai --model google/gemma-3-4b-it
docker run -d --gpus all -p 8001:8000 vllm/vllm-openai --model google/gemma-3-4b-it
