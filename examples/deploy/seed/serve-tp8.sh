#!/usr/bin/env bash
# Llama-3.1-70B over both servers with tensor parallelism only: every layer's all-reduces
# cross the 100 Gb/s Ethernet link.  toplint flags this (TL101).
set -euo pipefail

MODEL=${MODEL:-meta-llama/Meta-Llama-3.1-70B-Instruct}

vllm serve "$MODEL" \
    --tensor-parallel-size 8 \
    --gpu-memory-utilization 0.90 \
    --distributed-executor-backend ray
