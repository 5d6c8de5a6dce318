# THUDM/slime#1796: slime's GLM-4.7 fp8-rollout example - the FP8 checkpoint served by SGLang at TP 32
# -> output_partition_size=48 not divisible by block_n=128 (the thread states TP 32; 4 nodes of 8 assumed)
python3 -m sglang.launch_server --model-path zai-org/GLM-4.7-FP8 --tp 32 --nnodes 4 --node-rank 0 --dist-init-addr 10.0.0.1:5000 --trust-remote-code
