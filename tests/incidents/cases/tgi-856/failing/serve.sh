# huggingface/text-generation-inference#856: TGI 1.0.1 on one T4 serving Trelis/Llama-2-7b-chat-hf-hosted-inference-8bit without --quantize -> CUDA out of memory
docker run --gpus all --shm-size 1g -p 8080:80 -v $PWD/data:/data ghcr.io/huggingface/text-generation-inference:1.0.1 --model-id Trelis/Llama-2-7b-chat-hf-hosted-inference-8bit --dtype bfloat16
