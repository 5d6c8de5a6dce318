# https://github.com/yhfgyyf/vllm-deepseek-v4-sm89/issues/56 ("TP=8, no-spec: 正常跑 ... KV 池 15.62 GiB")
vllm serve deepseek-ai/DeepSeek-V4-Flash-0731 --tensor-parallel-size 8 --data-parallel-size 1 --enable-expert-parallel --kv-cache-dtype fp8_ds_mla --block-size 256 --trust-remote-code
