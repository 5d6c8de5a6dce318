# vllm-project/vllm#2382: Mixtral AWQ, TP 2 on 2 x A10, vLLM 0.2.7, eager -> CUDA OOM (no cause established)
docker run --shm-size 10gb -it --rm --gpus all -v /data/:/data/ vllm/vllm-openai:v0.2.7 --model  TheBloke/Mixtral-8x7B-Instruct-v0.1-AWQ --quantization awq  --dtype auto --enforce-eager --disable-log-requests --tensor-parallel-size 2 --download-dir /data/
