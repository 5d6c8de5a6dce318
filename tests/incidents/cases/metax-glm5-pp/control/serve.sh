# https://developer.metax-tech.com/forum/a/s2Or6pwFkrZB1g7ljphTWiYFWv4OM3tBLZadCj0aCDIg0L9JdWH47QEBnGiQQux7/356/:
# the same over two of the nodes, "PP=2 TP=8(2节点16卡):推理正常,throughput 正常输出"
python -m vllm.entrypoints.openai.api_server \
  --model /model --tensor-parallel-size 8 --pipeline-parallel-size 2 \
  --distributed-executor-backend ray \
  --enforce-eager --gpu-memory-utilization 0.88
