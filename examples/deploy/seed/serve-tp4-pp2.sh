#!/usr/bin/env bash
# The layout that fixes serve-tp8.sh: tensor parallel inside each 4-GPU NVLink server, pipeline
# parallel across the Ethernet link.
set -euo pipefail

MODEL=${MODEL:-meta-llama/Meta-Llama-3.1-70B-Instruct}

vllm serve "$MODEL" \
    --tensor-parallel-size 4 \
    --pipeline-parallel-size 2 \
    --gpu-memory-utilization 0.90 \
    --distributed-executor-backend ray
