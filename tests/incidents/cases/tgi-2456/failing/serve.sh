# huggingface/text-generation-inference#2456: TGI 2.2.0 on one T4 -> "FlashAttention only supports Ampere GPUs or newer"
docker run --gpus all --shm-size 1g -p 6666:80 -v /home/ivoras/experiments:/data ghcr.io/huggingface/text-generation-inference:2.2.0 --model-id Qwen/Qwen2-7B-Instruct-GPTQ-Int4
