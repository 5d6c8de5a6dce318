# vllm-project/vllm#17469: OOM on 4 x A10 with vLLM 0.8.5
vllm serve Qwen/Qwen3-30B-A3B --api-key sk-secret --tensor-parallel-size 4 --max-model-len 1024 --max-num-seqs 1
