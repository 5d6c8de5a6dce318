# stepfun-ai/Step3@b0c05a81 docs/deploy_guidance.md lines 38-48: copied as written
# start ray on node 0 and node 1

# node 0:
vllm serve /path/to/step3 \
    --tensor-parallel-size 16 \
    --reasoning-parser step3 \
    --enable-auto-tool-choice \
    --tool-call-parser step3 \
    --trust-remote-code \
    --max-num-batched-tokens 4096 \
    --port $PORT_SERVING
