# vllm-project/vllm#26318: TP 4 x PP 2 across two Slurm nodes on Slingshot -> hangs (no cause established)
vllm bench latency --input-len 2480 --output-len 2048 --batch-size 16 --model meta-llama/Llama-3.1-8B-Instruct --dtype bfloat16 --tensor-parallel-size 4 --pipeline-parallel-size 2 --num-iters-warmup 2 --num-iters 1 --max-num-batched-tokens 131072
