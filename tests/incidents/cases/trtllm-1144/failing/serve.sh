# NVIDIA/TensorRT-LLM#1144: "PP=2, TP=2 --> 10.2s p90th latency" on 4x A100 40GB SXM (engine built with these sizes)
trtllm-serve meta-llama/Llama-2-13b-hf --tp_size 2 --pp_size 2
