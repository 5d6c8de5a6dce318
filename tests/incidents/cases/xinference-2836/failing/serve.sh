# xorbitsai/inference#2836: Xinference 1.2.1 in docker, vLLM engine, DeepSeek-R1-Distill-Qwen-32B on 4 x P40 (--n-gpu 4)
# -> "NCCL error: unhandled system error"; maintainer: "Added --shm-size=128g when docker run."
docker run -d --gpus all -p 9997:9997 -v /data/models:/data/models xprobe/xinference:v1.2.1 \
  vllm serve /data/models/DeepSeek-R1-Distill-Qwen-32B --tensor-parallel-size 4 --max-model-len 4096 --dtype half
