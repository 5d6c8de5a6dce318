# https://github.com/sgl-project/sglang/issues/3575: DeepSeek-R1 on 4 nodes x 8 H20 ->
# ValueError: Weight output_partition_size = 576 is not divisible by weight quantization block_n = 128.
# node 0 (nodes 1-3: the same command with --node-rank 1, 2, 3)
python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-R1 --tp 32 --dist-init-addr 10.0.0.1:5000 --nnodes 4 --node-rank 0 --trust-remote-code
