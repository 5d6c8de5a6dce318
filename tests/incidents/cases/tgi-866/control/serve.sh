# huggingface/text-generation-inference#866: "Thanks, yes that was a miss, it's working now." (with --num-shard 4)
text-generation-launcher --model-id google/flan-ul2 --num-shard 4
