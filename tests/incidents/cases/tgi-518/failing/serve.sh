# huggingface/text-generation-inference#518 (verbatim, variables substituted): 3 x A100-PCIE-40GB
podman run -e RUST_BACKTRACE=full -e CUDA_VISIBLE_DEVICES=0,1,2 -e NVIDIA_VISIBLE_DEVICES=0,1,2 --shm-size 1g -p 8080:80 -v $PWD/data:/data ghcr.io/huggingface/text-generation-inference:0.8 --model-id tiiuae/falcon-40b-instruct --sharded true --num-shard 3 --env
