# huggingface/text-generation-inference#507: polyglot-ko-12.8b, num_shard=2, 2x RTX 4090 -> "The choosen size 30003 is not compatible with sharding on 2 shards"
text-generation-launcher --model-id EleutherAI/polyglot-ko-12.8b --num-shard 2
