# vllm-project/vllm#1705: "I am trying to use gpt2-xl ... with multiple GPUs ... when I use 2 GPUs"
python -m vllm.entrypoints.api_server --model gpt2-xl --tensor-parallel-size 2
