# huggingface/text-generation-inference#1696: gemma-2b with --num-shard 2 on TGI 1.4.5 -> the shards fail to load the model
docker run \
  --gpus '"device=0,1"' \
  --shm-size 1g     -p 8080:80   -v /path_to_modle_on_disk:/model \
  ghcr.io/huggingface/text-generation-inference:1.4.5 \
    --model-id /model \
    --num-shard 2 \
    --dtype "bfloat16"\
    --max-input-length 3500 \
    --max-total-tokens 4092
