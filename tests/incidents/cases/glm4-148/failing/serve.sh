#!/bin/sh
# zai-org/GLM-4#148: a commenter's basic_demo/openai_api_server.py launch, its engine config as vLLM 0.4.3 logs it,
# written as the equivalent vllm command (see case.yaml).
CUDA_VISIBLE_DEVICES=0,1,2,3,4 vllm serve /mnt/disk37t/chatglm4/glm-4-9b-chat --dtype float16 --trust-remote-code \
  --max-model-len 8000 --tensor-parallel-size 1 --enforce-eager --enable-chunked-prefill
