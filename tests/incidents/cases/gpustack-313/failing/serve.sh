# gpustack/gpustack#313: GPUStack's vLLM command for Salesforce/blip2-opt-2.7b with --max-model-len 8192 -> User-specified max_model_len (8192) is greater than the derived max_model_len
vllm serve /var/lib/gpustack/cache/huggingface/Salesforce/blip2-opt-2.7b --max-model-len 8192 --host 0.0.0.0 --port 40057
