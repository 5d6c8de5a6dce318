# https://github.com/yhfgyyf/vllm-deepseek-v4-sm89/issues/54 (the reporter's arguments; the model assumed, see case.yaml)
# DeepSeek-V4-Flash at TP 4 on 4 x RTX 4090 48GB, 131072 tokens: 1.34 GiB of KV needed, 0.3 GiB available
vllm serve deepseek-ai/DeepSeek-V4-Flash --tensor-parallel-size 4 --kv-cache-dtype fp8_ds_mla --block-size 256 --max-model-len 131072 --gpu-memory-utilization 0.97 --max-num-seqs 16 --attention-backend FLASHINFER_MLA_SPARSE_DSV4 --reasoning-parser deepseek_v4 --enable-auto-tool-choice --tool-call-parser deepseek_v4 --trust-remote-code
