# vllm-project/recipes#437: MiniMax-M2.7 single_node_tp at TP 8 on an 8-GPU node
# -> "Pure TP=8 fails on the FP8 block-quantized gate_up weights: intermediate_size / 8 = 192 is not divisible by block_n = 128"
vllm serve MiniMaxAI/MiniMax-M2.7 --trust-remote-code --compilation-config '{"mode":3,"pass_config":{"fuse_minimax_qk_norm":true}}' --tensor-parallel-size 8 --tool-call-parser minimax_m2 --enable-auto-tool-choice --reasoning-parser minimax_m2
