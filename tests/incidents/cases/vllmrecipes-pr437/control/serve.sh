# vllm-project/recipes#437 (merged, 41eadda): the same command pinned to TP 4 ("Pin TP=4 on 8-GPU nodes")
vllm serve MiniMaxAI/MiniMax-M2.7 --trust-remote-code --compilation-config '{"mode":3,"pass_config":{"fuse_minimax_qk_norm":true}}' --tensor-parallel-size 4 --tool-call-parser minimax_m2 --enable-auto-tool-choice --reasoning-parser minimax_m2
