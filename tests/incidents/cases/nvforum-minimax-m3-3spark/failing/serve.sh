# https://forums.developer.nvidia.com/t/working-recipe-minimax-m3-nvfp4-at-tp-3-on-3x-dgx-spark-no-4th-node-the-oom-fixes/373387
# TP=3 over three DGX Sparks via Ray; before the fixes: "NVRM: Out of memory during weight load" on the head node
vllm serve lukealonso/MiniMax-M3-NVFP4 \
  --tensor-parallel-size 3 \
  --distributed-executor-backend ray \
  --load-format safetensors
