# vllm-project/vllm#2699: "Using --tensor-parallel-size 1, Everything works fine."
python -m vllm.entrypoints.api_server --model Qwen/Qwen1.5-14B-Chat-AWQ --tensor-parallel-size 1
