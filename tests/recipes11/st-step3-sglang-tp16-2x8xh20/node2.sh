# stepfun-ai/Step3@b0c05a81 docs/deploy_guidance.md lines 124-133: copied as written
# node 2
python -m sglang.launch_server \
 --model-path stepfun-ai/step3 \
 --dist-init-addr master_ip:5000 \
 --trust-remote-code \
 --tool-call-parser step3 \
 --reasoning-parser step3 \
 --tp 16 \
 --nnodes 2 \
 --node-rank 1
