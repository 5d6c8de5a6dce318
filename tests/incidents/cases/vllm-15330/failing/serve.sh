# vllm-project/vllm#15330: Qwen2.5-14B-Instruct-1M at PP 4, 400 requests of 2048 in -> decode throughput a third of TP 4's
vllm serve Qwen/Qwen2.5-14B-Instruct-1M --load-format dummy --pipeline-parallel-size 4 --no-enable-prefix-caching --port 30000 --max-model-len 3150 --disable-log-requests --max-num-seqs 100
