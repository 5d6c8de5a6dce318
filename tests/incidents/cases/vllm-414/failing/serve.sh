# vllm-project/vllm#414: "I am running LLaMa 33B in a mathine with 3 v100 32G gpus";
# the thread shows no command: model and tensor-parallel size as the thread states them.
python -m vllm.entrypoints.api_server --model llama-33b --tensor-parallel-size 3
