# https://developer.metax-tech.com/forum/a/s2Or6pwFkrZB1g7ljphTWiYFWv4OM3tBLZadCj0aCDIg0L9JdWH47QEBnGiQQux7/356/:
# GLM-5-W8A8 on 4 nodes x 8 MetaX C500 over Ray, "PP=4 TP=8(4节点32卡):推理卡死"
python -m vllm.entrypoints.openai.api_server \
  --model /model --tensor-parallel-size 8 --pipeline-parallel-size 4 \
  --distributed-executor-backend ray \
  --enforce-eager --gpu-memory-utilization 0.88
