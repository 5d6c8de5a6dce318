# https://github.com/eugr/spark-vllm-docker/issues/396 ("--gpu-memory-utilization 0.85 fixes it")
vllm serve MiniMax-M2.7-AWQ --tensor-parallel-size 2 --max-model-len 196608 --gpu-memory-utilization 0.85 --trust-remote-code
