# vllm-project/vllm#882: Llama-2-70b-hf on a node of 8 x A100-40G, no tensor parallelism -> OOM
python -m vllm.entrypoints.openai.api_server --model meta-llama/Llama-2-70b-hf
