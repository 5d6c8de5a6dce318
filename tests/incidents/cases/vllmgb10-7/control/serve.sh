# timothystewart6/vllm-gb10#7: the same at the model's 40960 positions, the value pull request #8 clamps --max-model-len to
vllm serve Qwen/Qwen3-32B --max-model-len 40960
