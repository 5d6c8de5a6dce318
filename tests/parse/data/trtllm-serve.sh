#!/bin/bash
trtllm-serve serve nvidia/m --tp_size 4 --extra_llm_api_options trtllm-extra.yaml
