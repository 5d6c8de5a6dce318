# vllm-project/vllm#49070: MiniMax-M3-NVFP4 at TP 2 on H200 starts, returns garbage and crashes in fused_marlin_moe
# (illegal memory access) at concurrency ~8
vllm serve MiniMax-M3-NVFP4 --tensor-parallel-size 2 --trust-remote-code
