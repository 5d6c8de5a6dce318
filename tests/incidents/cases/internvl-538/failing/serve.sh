#!/bin/sh
# OpenGVLab/InternVL#538: the reporter's pipeline(model, backend_config=TurbomindEngineConfig(session_len=8192)) on one A100 80G,
# written as the equivalent lmdeploy command (see case.yaml).
lmdeploy serve api_server /media/star/disk2/pretrained_model/InternVL2-40B --session-len 8192
