#!/bin/bash
# intel/ipex-llm#11996: llama3-8b through ipex-llm's vLLM (XPU, sym_int4) on a Meteor Lake iGPU under WSL docker -> OOM
model="./models/"
served_model_name="llama3-8b"
 
source /opt/intel/1ccl-wks/setvars.sh
 
python -m ipex_llm.vllm.xpu.entrypoints.openai.api_server \
  --served-model-name $served_model_name \
  --port 8000 \
  --model $model \
  --trust-remote-code \
  --gpu-memory-utilization 0.9 \
  --device xpu \
  --dtype float16 \
  --enforce-eager \
  --load-in-low-bit sym_int4 \
  --max-model-len 512 \
  --max-num-batched-tokens 1000 \
  --max-num-seqs 12 \
  --tensor-parallel-size 1
