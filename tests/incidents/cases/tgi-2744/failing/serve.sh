# huggingface/text-generation-inference#2744: Llama 3.1 70B on 2 x A100 80GB (TGI picks its own token budgets)
text-generation-launcher --model-id meta-llama/Meta-Llama-3.1-70B-Instruct --num-shard 2
