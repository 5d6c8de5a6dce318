# vllm-project/vllm#15330: the same at TP 4 -> decode throughput nearly three times PP 4's
vllm serve Qwen/Qwen2.5-14B-Instruct-1M --load-format dummy --tensor-parallel-size 4 --no-enable-prefix-caching --port 30000 --max-model-len 3150 --disable-log-requests --max-num-seqs 100
