# vllm-project/vllm#15217: DeepSeek-V3 at TP 1 x PP 2 over a 2-node Ray cluster (1 GPU each, ROCm);
# RuntimeError: please ensure that world_size (2) is less than than max local gpu count (1)
vllm serve ./DeepSeek-V3 --trust-remote-code --tensor-parallel-size 1 --pipeline-parallel-size 2
