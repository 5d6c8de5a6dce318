# lm-sys/FastChat#3177: Qwen1.5-4B-Chat on FastChat's vllm_worker (GPU not named), from the engine config the log prints
python3 -m fastchat.serve.vllm_worker --model-path /data/models/qwen1.5-4b-chat --trust-remote-code --enforce-eager
