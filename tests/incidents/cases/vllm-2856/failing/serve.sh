# vllm-project/vllm#2856: Llama-2-70B-AWQ with TP 8 on g5.48xlarge (8 x A10G) -> OOM in CUDA-graph capture
python -m vllm.entrypoints.openai.api_server --model TheBloke/Llama-2-70B-AWQ --quantization awq --dtype half --tensor-parallel-size 8
