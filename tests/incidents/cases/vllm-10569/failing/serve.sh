# vllm-project/vllm#10569: Llama-3.2-11B-Vision at vLLM 0.6.3's defaults on an L20 -> OOM
vllm serve meta-llama/Llama-3.2-11B-Vision-Instruct
