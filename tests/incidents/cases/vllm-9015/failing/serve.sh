# vllm-project/vllm#9015: Llama 3.2 90B Vision, TP 1 x PP 4 over two nodes of 2 x A100 80GB (vLLM 0.6.2) -> "Pipeline parallelism is only supported for the following architectures"
vllm serve meta-llama/Llama-3.2-90B-Vision-Instruct --tensor-parallel-size 1 --pipeline-parallel-size 4 --distributed-executor-backend ray
