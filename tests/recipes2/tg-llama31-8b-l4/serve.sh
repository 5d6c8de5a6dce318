# huggingface/text-generation-inference@db931fcf42da docs/source/conceptual/chunking.md line 65: the TGI launch line, with $MODEL_ID and $N as lines 44-46 give them
text-generation-launcher --model-id meta-llama/Meta-Llama-3.1-8B-Instruct --num-shard 1 --port 8000
