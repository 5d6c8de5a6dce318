# NVIDIA/TensorRT-LLM#5872: "if i pass --tp 4 --ep 4 via command line, trtllm-serve starts and responds normally"
trtllm-serve Qwen/Qwen3-235B-A22B-FP8 --tp_size 4 --ep_size 4 --extra_llm_api_options extra_llm_api_options.yaml
