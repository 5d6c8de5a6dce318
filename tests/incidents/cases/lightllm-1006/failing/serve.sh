#!/bin/sh
# ModelTC/LightLLM#1006: Llama-3.2-3B-Instruct, prefill/decode disaggregation at TP 4 each, float32, on 16GB V100s -> CUDA out of memory
# star_master.sh
python -m lightllm.server.api_server --model_dir /share/models/meta-llama/Llama-3.2-3B-Instruct --run_mode "pd_master" --host 10.0.0.101 --port 8000 &
# start_prefill.sh
CUDA_VISIBLE_DEVICES=0,1,2,3 KV_TRANS_USE_P2P=1 LOADWORKER=18 python -m lightllm.server.api_server \
--model_dir /share/models/meta-llama/Llama-3.2-3B-Instruct \
--run_mode "prefill" \
--tp 4 \
--host 10.0.0.101 \
--port 8019 \
--nccl_port 2732 \
--disable_cudagraph \
--pd_master_ip 10.0.0.101 \
--pd_master_port 8000 \
--data_type float32 \
--disable_chunked_prefill \
--disable_custom_allreduce &
# start_decode.sh
CUDA_VISIBLE_DEVICES=4,5,6,7 KV_TRANS_USE_P2P=1 LOADWORKER=18 python -m lightllm.server.api_server \
--model_dir /share/models/meta-llama/Llama-3.2-3B-Instruct \
--run_mode "decode" \
--tp 4 \
--host 10.0.0.101 \
--port 8121 \
--nccl_port 12322 \
--enable_fa3 \
--disable_cudagraph \
--pd_master_ip 10.0.0.101 \
--pd_master_port 8000 \
--data_type float32 \
--disable_chunked_prefill \
--disable_custom_allreduce &
