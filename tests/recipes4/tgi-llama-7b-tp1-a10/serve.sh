# vllm-project/vllm#381 description by OlivierDehaene (2023-07-06), TGI on a single A10: copied as written
docker run --gpus all -p 3000:80 -v /data:/data ghcr.io/huggingface/text-generation-inference:0.9.1 --model-id /data/llama-7b --num-shard 1 --max-batch-total-tokens 17664 --max-batch-prefill-tokens 2048 --max-waiting-tokens 0
