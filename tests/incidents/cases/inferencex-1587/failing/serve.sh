# SemiAnalysisAI/InferenceX#1587: Kimi-K2.5 INT4, TP 8 on 8 x H100, no KV offload, no --max-model-len
vllm serve moonshotai/Kimi-K2.5 --served-model-name moonshotai/Kimi-K2.5 \
--host 0.0.0.0 \
--gpu-memory-utilization 0.95 \
--tensor-parallel-size 8 \
--reasoning-parser kimi_k2 \
--tool-call-parser kimi_k2 \
--compilation_config.pass_config.fuse_allreduce_rms true \
--kv-cache-dtype fp8 \
--trust-remote-code
