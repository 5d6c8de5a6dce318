# stepfun-ai/Step3#14: the same command with the pull request's --gpu-memory-utilization 0.85
vllm serve /path/to/step3-fp8 \
    --data-parallel-size 8 \
    --tensor-parallel-size 1 \
    --reasoning-parser step3 \
    --enable-auto-tool-choice \
    --tool-call-parser step3 \
    --gpu-memory-utilization 0.85 \
    --trust-remote-code
