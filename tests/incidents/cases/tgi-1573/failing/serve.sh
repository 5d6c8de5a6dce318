# https://github.com/huggingface/text-generation-inference/issues/1573: an AWQ checkpoint on a
# compute-capability-7.5 GPU -> "awq quantization is not supported for AutoModel"
text-generation-launcher --model-id joaomsimoes/zephyr_gema --quantize awq --max-input-length 1024 --max-total-tokens 2048 --max-batch-prefill-tokens 4096
