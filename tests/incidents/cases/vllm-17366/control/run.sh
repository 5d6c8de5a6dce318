# vllm-project/vllm#17366: the first container ("The service runs normally")
docker run -itd --gpus='"device=0"' --name vllm_qwen_first -e VLLM_USE_V1=1 \
    --shm-size 10g -v /data/model/qwen2_5_14b_w8a8/:/data/model/ --network=host \
    vllm/vllm-openai:v0.8.5 \
    --model /data/model/ --max-model-len 4096 --gpu-memory-utilization 0.3 --port 8900
