# vllm-project/vllm#2466: Mistral-7B-Instruct-v0.2 at TP 4 on 4 x RTX 3090 hangs at start-up (TP 1 works)
python -u -m vllm.entrypoints.api_server --host 0.0.0.0 --model mistralai/Mistral-7B-Instruct-v0.2 --tensor-parallel-size 4
