# lm-sys/FastChat#2071: Llama-2-13b-chat on FastChat's (transformers) model_worker with --num-gpus 2
python -m fastchat.serve.model_worker --model-path /data/root/Llama-2-13b-chat-hf --num-gpus 2
