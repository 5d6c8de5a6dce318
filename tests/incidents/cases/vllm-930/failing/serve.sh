# vllm-project/vllm#930: Llama-2-70b-hf at TP 16 on 16 x A10 -> assertion total_num_kv_heads (8) % tp_size (16)
python -m vllm.entrypoints.openai.api_server --model meta-llama/Llama-2-70b-hf --tensor-parallel-size 16
