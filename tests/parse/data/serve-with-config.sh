#!/bin/bash
vllm serve org/m --config vllm-config.yaml --tensor-parallel-size 8
