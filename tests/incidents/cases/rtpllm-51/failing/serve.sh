#!/bin/sh
# alibaba/rtp-llm#51: tp=2 serves, tp>=4 fails on A100 (llama2-70b-chat here; qwen1.5-14b/32b the same)
TP_SIZE=4 WORLD_SIZE=4 CONCURRENCY_LIMIT=2 WEIGHT_TYPE=int8 INT8_KV_CACHE=1 MAX_SEQ_LEN=8192 REUSE_CACHE=1 ENABLE_FMHA=OFF TOKENIZER_PATH=/workspace/pretrained-models/llama2-70b-chat-hf-nousresearch/ CHECKPOINT_PATH=/workspace/pretrained-models/llama2-70b-chat-hf-nousresearch/ MODEL_TYPE=llama FT_SERVER_TEST=1 python3 -m maga_transformer.start_server
