#!/bin/sh
# zai-org/GLM-4#173: basic_demo/openai_api_server.py's AsyncEngineArgs as the reporter pastes them, with max_seq_len=4096 from the log,
# on three P40 (vLLM 0.4.2), written as the equivalent vllm command (see case.yaml).
vllm serve /data/xinkai_hu/model/glm-4-9b-chat --tensor-parallel-size 1 --dtype bfloat16 --trust-remote-code \
  --gpu-memory-utilization 0.9 --enforce-eager --max-model-len 4096
