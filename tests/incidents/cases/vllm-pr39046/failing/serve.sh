# vllm-project/vllm#39046: MiniMax-M2.5 (FP8 block-quantized) at TP 8 -> per-rank MoE intermediate size not divisible by block_n 128 without the pull request's padding
vllm serve MiniMaxAI/MiniMax-M2.5 --trust-remote-code --tensor-parallel-size 8
