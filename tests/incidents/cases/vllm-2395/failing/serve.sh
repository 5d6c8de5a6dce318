# vllm-project/vllm#2395: Mixtral-8x7B-Instruct GPTQ with TP 2 on 2 x A10G in an EKS pod -> CUDA OOM
python3 -m vllm.entrypoints.openai.api_server --model TheBloke/Mixtral-8x7B-Instruct-v0.1-GPTQ --dtype float16 --max-model-len 1024 --gpu-memory-utilization 0.95 --tensor-parallel-size 2
