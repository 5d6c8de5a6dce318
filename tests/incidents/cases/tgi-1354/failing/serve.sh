# huggingface/text-generation-inference#1354: falcon-7b-instruct sharded on 2 GPUs -> "`num_heads` must be divisible by `num_shards` (got `num_heads`: 71 and `num_shards`: 2"
docker run --gpus all --shm-size 1g -p 8080:80 -v $PWD/data:/data ghcr.io/huggingface/text-generation-inference:1.3 --model-id tiiuae/falcon-7b-instruct --num-shard 2
