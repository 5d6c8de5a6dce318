# vllm-project/vllm#13812: DeepSeek-R1 on 4 x 8 L20, TP 8 x PP 4
NCCL_DEBUG=INFO vllm serve /root/deepseek-671b --served-model-name deepseek-r1 --tensor-parallel-size 8 --pipeline-parallel-size 4 --trust_remote_code --max-num-seqs 4096
