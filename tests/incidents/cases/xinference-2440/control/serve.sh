# xorbitsai/inference#2440: the same launch with max_model_len 53376 in the extra options, which runs ("这个方式可以成功运行")
vllm serve THUDM/glm-4-9b-chat --trust-remote-code --gpu-memory-utilization 0.9 --max-model-len 53376
