# huggingface/text-generation-inference#988: falcon-40b-instruct, bitsandbytes, 4 shards on 4 x T4 -> shards never ready (no cause established)
text-generation-launcher --model-id tiiuae/falcon-40b-instruct --quantize bitsandbytes --num-shard 4 --huggingface-hub-cache /usr/src/falcon-40b-instruct --weights-cache-override /usr/src/falcon-40b-instruct
