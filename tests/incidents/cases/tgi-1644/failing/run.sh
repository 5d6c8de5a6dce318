# huggingface/text-generation-inference#1644: c4ai-command-r-v01 on TGI 1.4 with 4 shards -> shard 2 failed to start
model=CohereForAI/c4ai-command-r-v01
volume=$PWD/data
docker run --rm --gpus all --shm-size 1g -p 3000:80 -v $volume:/data ghcr.io/huggingface/text-generation-inference:1.4 --num-shard 4 --model-id $model
