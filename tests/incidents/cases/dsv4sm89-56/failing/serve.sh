# https://github.com/yhfgyyf/vllm-deepseek-v4-sm89/issues/56 (parameters the thread states)
# DeepSeek-V4-Flash-0731 at TP 8 + EP with DSpark speculative decoding on 8 x L20: OOM (41.12 of 44.53 GiB after the weights)
vllm serve deepseek-ai/DeepSeek-V4-Flash-0731 --tensor-parallel-size 8 --data-parallel-size 1 --enable-expert-parallel --speculative-config '{"method":"dspark"}' --kv-cache-dtype fp8_ds_mla --block-size 256 --trust-remote-code
