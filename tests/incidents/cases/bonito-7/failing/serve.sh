# BatsResearch/bonito#7: bonito-v1 on a g5.8xlarge (one A10G) -> max seq len (32768) larger than KV cache (16816)
vllm serve BatsResearch/bonito-v1
