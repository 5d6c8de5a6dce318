# stepfun-ai/Step3@b0c05a81 docs/deploy_guidance.md lines 85-92: copied as written
vllm serve /path/to/step3-fp8 \
    --data-parallel-size 8 \
    --tensor-parallel-size 1 \
    --reasoning-parser step3 \
    --enable-auto-tool-choice \
    --tool-call-parser step3 \
    --max-num-batched-tokens 4096 \
    --trust-remote-code \
