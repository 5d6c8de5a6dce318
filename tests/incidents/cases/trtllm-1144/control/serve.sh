# NVIDIA/TensorRT-LLM#1144: "PP=1, TP=4 --> 6.4s p90th latency"
trtllm-serve meta-llama/Llama-2-13b-hf --tp_size 4 --pp_size 1
