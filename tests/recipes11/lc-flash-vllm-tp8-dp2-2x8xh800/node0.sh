# meituan-longcat/LongCat-Flash-Chat@87d1b71a docs/deployment_guide.md lines 69-76: copied as written
# Node 0
vllm serve meituan-longcat/LongCat-Flash-Chat \
   --trust-remote-code \
   --tensor-parallel-size 8 \
   --data-parallel-size 2 \
   --data-parallel-size-local 1 \
   --data-parallel-address $MASTER_IP \
   --data-parallel-rpc-port 13345
