# vllm-project/vllm#17469: "Works with enforce-eager. Gives 20 token per seconds."
vllm serve Qwen/Qwen3-30B-A3B --api-key sk-secret --tensor-parallel-size 4 --max-model-len 1024 --max-num-seqs 1 --enforce-eager
