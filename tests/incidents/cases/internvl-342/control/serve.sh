#!/bin/sh
# OpenGVLab/InternVL#342: the reporter's working TurbomindEngineConfig(model_format='awq', tp=8, session_len=4096, kv_cash=0.1),
# written as the equivalent lmdeploy command ('kv_cash' read as cache_max_entry_count, see case.yaml).
lmdeploy serve api_server OpenGVLab/InternVL-Chat-V1-5-AWQ --model-format awq --tp 8 --session-len 4096 --cache-max-entry-count 0.1
