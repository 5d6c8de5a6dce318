# vllm-project/vllm#33155: gpt-oss-120b on one H100 with vLLM v0.14.1 -> OOM even at 5K context and one sequence
model_name="openai/gpt-oss-120b"
max_model_len=$((5 * 1024)) 

CUDA_VISIBLE_DEVICES=1 uv run vllm serve \
    $model_name \
    --host 0.0.0.0 --port $port \
    --gpu-memory-utilization 0.97 \
    -O3 \
    --enable-chunked-prefill --enable-prefix-caching \
    --async-scheduling \
    --max_num_seqs 1 \
    --tool-call-parser openai --enable-auto-tool-choice \
    --tensor-parallel-size 1 --max-model-len $max_model_len >> "$LOG_FILE" 2>&1 &
