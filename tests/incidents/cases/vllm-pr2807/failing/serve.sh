# vllm-project/vllm#2807: two servers, each TP 2 at --gpu-memory-utilization 0.5, on the same two GPUs
# ("If I share GPU memory 50/50 the second process will fail.")
python3 -u -m vllm.entrypoints.openai.api_server        --host 0.0.0.0        --model h2oai/h2ogpt-4096-llama2-7b-chat  --tensor-parallel-size 2 --enforce-eager --gpu-memory-utilization 0.5 &
python3 -u -m vllm.entrypoints.openai.api_server        --host 0.0.0.0 --port 8888       --model h2oai/h2ogpt-4096-llama2-7b-chat  --tensor-parallel-size 2 --enforce-eager --gpu-memory-utilization 0.5
