# https://forums.developer.nvidia.com/t/qwen3-5-397b-a17b-int4-autoround-4-x-db10-node-updated-results-37-94-tok-s/362368/16
# attempt 1: "TP=4, vanilla vllm serve" on 4 x GB10 -> "Marlin partition error (output_size=32 < min_thread_n=64)"
vllm serve Intel/Qwen3.5-397B-A17B-int4-AutoRound \
  --tensor-parallel-size 4 --distributed-executor-backend ray \
  --kv-cache-dtype fp8 --max-model-len 32768 --max-num-batched-tokens 8192
