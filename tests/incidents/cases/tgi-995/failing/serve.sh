# huggingface/text-generation-inference#995: Llama-2-70b-chat-hf on a V100 32 GB host, one shard (rank 0) -> never ready; "V100 + 32GB of VRAM is not enough to run 70b"
docker run --gpus all --shm-size 1g -p 8080:80 -v $PWD/data:/data ghcr.io/huggingface/text-generation-inference:1.0.3 --model-id meta-llama/Llama-2-70b-chat-hf
