# huggingface/text-generation-inference#429: bloom-560m with --num-shard 2 on a host with one Quadro M4000 -> "AssertionError: Each process is one gpu"
docker run --gpus all --shm-size 1g -p 8080:80 -v $PWD/data:/data -e HF_HUB_ENABLE_HF_TRANSFER=0 ghcr.io/huggingface/text-generation-inference:0.8 --model-id bigscience/bloom-560m --num-shard 2 --env
