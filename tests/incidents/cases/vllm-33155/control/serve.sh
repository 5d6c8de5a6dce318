# vllm-project/vllm#33155: the v0.11.2 command, which runs at 85K context
model_name="openai/gpt-oss-120b"
max_model_len=$((85 * 1024))

VLLM_LOGGING_LEVEL=DEBUG CUDA_VISIBLE_DEVICES=1 uv run vllm serve \
    $model_name \
    --host 0.0.0.0 --port $port \
    --gpu-memory-utilization 0.97 \
    -O3 \
    --enable-chunked-prefill --enable-prefix-caching \
    --async-scheduling \
    --max_num_seqs 100 \
    --tool-call-parser openai --enable-auto-tool-choice \
    --tensor-parallel-size 1 --max-model-len $max_model_len >> "$LOG_FILE" 2>&1 &
