# vllm-project/vllm#16330: the reporter's working command on 4xH100
PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True vllm serve "meta-llama/Llama-4-Scout-17B-16E-Instruct" --tensor-parallel-size 4 --gpu-memory-utilization 0.95 --max-model-len 49152 --block-size 16 --swap-space 16 --enforce-eager --max-num-batched-tokens 8192 --max-num-seqs 256
