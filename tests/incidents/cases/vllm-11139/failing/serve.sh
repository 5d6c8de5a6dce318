# vllm-project/vllm#11139: Llama-3.1-8B at TP 4 x PP 2 over two g6.12xlarge pods (LWS) -> hangs after "vLLM is using nccl" (no cause established)
vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 4 --pipeline-parallel-size 2
