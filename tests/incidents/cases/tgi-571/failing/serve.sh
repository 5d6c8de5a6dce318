# huggingface/text-generation-inference#571: vicuna-33b-v1.3 with --num-shard 8 on 8 x A100 80GB SXM4 -> fails in warm-up
docker run --gpus all --shm-size 1g -p 8080:80 -v /data/hub:/data ghcr.io/huggingface/text-generation-inference:0.9 --model-id lmsys/vicuna-33b-v1.3 --num-shard 8 --max-batch-total-tokens 50960 --max-batch-prefill-tokens 2548 --max-total-tokens 2548 --max-input-length 500
