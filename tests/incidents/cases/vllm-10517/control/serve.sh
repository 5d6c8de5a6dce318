# vllm-project/vllm#10517 (kaspersiminski): "20k - OK", GPU blocks 1952, maximum concurrency 1.56x
vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 20000
