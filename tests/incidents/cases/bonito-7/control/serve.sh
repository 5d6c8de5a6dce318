# BatsResearch/bonito#7: Bonito("BatsResearch/bonito-v1", max_model_len=10000) -> "Fixed - thanks heaps!"
vllm serve BatsResearch/bonito-v1 --max-model-len 10000
