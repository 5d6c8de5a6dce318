# vllm-project/vllm#17569: Qwen3-235B-A22B-FP8 at TP 8 on 8 x RTX 5090 D -> gate/up output_size 192 not divisible by block_n 128
vllm serve /home/user/Qwen3-235B-A22B-FP8 --tensor-parallel-size 8
