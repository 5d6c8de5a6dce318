# huggingface/text-generation-inference#564: bloom-560m with --num-shard 3 -> "not compatible with sharding on 3 shards"
text-generation-launcher --model-id bigscience/bloom-560m --num-shard 3
