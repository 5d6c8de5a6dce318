# MiniMax-AI/MiniMax-01#42 (verbatim): 8 x H200 VM, vLLM 0.8.3 official image
docker run -d --runtime nvidia --gpus all \
    --network=host --privileged --ipc=host --ulimit memlock=-1 --shm-size=2gb --ulimit stack=67108864 \
    -e "USE_FASTSAFETENSOR=true" \
    -e "VLLM_USE_V1=0" \
    vllm/vllm-openai:v0.8.3 \
    --model MiniMaxAI/MiniMax-Text-01  \
    --tensor-parallel-size 8 \
    --trust-remote-code \
    --quantization experts_int8 \
    --dtype bfloat16
