# NVIDIA/TensorRT-LLM#5872: --tp 8 --ep 8 with enable_block_reuse: false -> insufficient GPU memory for the KV cache
trtllm-serve Qwen/Qwen3-235B-A22B-FP8 --tp_size 8 --ep_size 8 --extra_llm_api_options extra_llm_api_options.yaml
