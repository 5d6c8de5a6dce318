# huggingface/text-generation-inference#780: falcon-40b 8-bit (bitsandbytes) on one H100 -> "Not enough memory to handle 1024 prefill tokens" with ~45 GB in use
text-generation-launcher --model-id OpenAssistant/falcon-40b-sft-mix-1226 -p 8080 --quantize bitsandbytes --max-input-length 1024 --max-total-tokens 2048 --max-batch-prefill-tokens 1024
