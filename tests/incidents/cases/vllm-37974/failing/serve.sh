# vllm-project/vllm#37974 (verbatim)
bash ./multi-node-serving.sh leader --ray_port=6379 --ray_cluster_size=8 && \
vllm serve /models/preset/moonshotai/Kimi-K2.5/v1.0 \
--port 8087 \
--distributed-executor-backend ray \
--trust-remote-code \
--tensor-parallel-size 8 \
--pipeline-parallel-size 8 \
--tool-call-parser kimi_k2 \
--reasoning-parser kimi_k2
