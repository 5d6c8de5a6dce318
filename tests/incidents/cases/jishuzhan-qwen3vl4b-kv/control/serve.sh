# https://jishuzhan.net/article/2002605617710694401 (the page's recommended fix: max_model_len=32768)
vllm serve Qwen/Qwen3-VL-4B-Instruct --mm-encoder-tp-mode data --max-model-len 32768
