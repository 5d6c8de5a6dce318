# huggingface/text-generation-inference#734: llama2-70b in 16 bit on two A100 80GB
text-generation-launcher --model-id meta-llama/Llama-2-70b-hf --num-shard 2
