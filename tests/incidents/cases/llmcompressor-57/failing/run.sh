# https://github.com/vllm-project/llm-compressor/issues/57 (verbatim)
# Qwen2-72B W8A16 at TP 4 on A100 80G: input_size_per_partition = 7392 is not divisible by min_thread_k = 128
docker run --gpus=all --rm --gpus '"device=1,2,3,4"' --shm-size 2g \
    -v /inworld:/inworld   \
    -p 8000:8000\
    --ipc=host \
    vllm:tests \
    --model neuralmagic/Qwen2-72B-Instruct-quantized.w8a16 \
    --max-model-len 8192 \
    --tensor-parallel-size 4 \
    --gpu-memory-utilization 0.98 \
    --served-model-name /model/llm \
    --enable-prefix-caching \
    --max-num-seqs 4 \
    --max-num-batched-tokens 32768
