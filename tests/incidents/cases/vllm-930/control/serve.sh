# vllm-project/vllm#930: "tp_size to 8 is OK!"
python -m vllm.entrypoints.openai.api_server --model meta-llama/Llama-2-70b-hf --tensor-parallel-size 8
