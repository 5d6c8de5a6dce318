# vllm-project/vllm#16197 (lazariv): Llama-4-Maverick FP8 at TP 4 on 4 x H100 96GB fails; 8 GPUs on two nodes run it
vllm serve meta-llama/Llama-4-Maverick-17B-128E-Instruct-FP8 --port 3010 --trust-remote-code --disable-log-requests --max-model-len 1000 --max-num-batched-tokens 1024 --kv-cache-dtype fp8 --tensor-parallel-size 4
