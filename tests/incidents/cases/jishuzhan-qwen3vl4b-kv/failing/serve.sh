# https://jishuzhan.net/article/2002605617710694401 (parameters the page states)
# Qwen3-VL-4B-Instruct at its default 262,144-token context: "36.00 GiB KV cache is needed, which is larger
# than the available KV cache memory (7.84 GiB)"
vllm serve Qwen/Qwen3-VL-4B-Instruct --mm-encoder-tp-mode data
