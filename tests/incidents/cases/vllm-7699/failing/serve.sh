# vllm-project/vllm#7699: TP over a two-node Ray cluster -> NCCL error at start-up, intermittently (no cause established)
vllm serve "${HF_HOME}/hub/models--${SNAPSHOT_DIR}/snapshots/$SNAPSHOT" \
        --tensor-parallel-size=8 \
        --distributed-executor-backend=ray \
        --disable-custom-all-reduce
