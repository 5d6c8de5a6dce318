# vllm-project/vllm#2699: maxin9966 - "Same problem for Qwen1.5-14B-Chat-AWQ ... Using --tensor-parallel-size 2" fails
python -m vllm.entrypoints.api_server --model Qwen/Qwen1.5-14B-Chat-AWQ --tensor-parallel-size 2
