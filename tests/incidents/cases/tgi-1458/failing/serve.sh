# https://github.com/huggingface/text-generation-inference/issues/1458: Mixtral-8x7B GPTQ starts at 1 and 2 shards, not at 4
docker run --gpus all -e HUGGING_FACE_HUB_TOKEN=$HUGGING_FACE_HUB_TOKEN -p 8080:80 -v /data ghcr.io/huggingface/text-generation-inference:latest --model-id TheBloke/Mixtral-8x7B-v0.1-GPTQ --quantize gptq --num-shard 4
