# QwenLM/Qwen3-VL#1888: "I am able to run inference with this model on my 4x A100 GPUs without any issues."
VLLM_USE_MODELSCOPE=true vllm serve Qwen/Qwen3-VL-235B-A22B-Thinking-FP8 --enable-expert-parallel --swap-space 16 --max-num-seqs 64 --max-model-len 32768 --gpu-memory-utilization 0.9 --tensor-parallel-size 4 --trust-remote-code --disable-log-requests --host 0.0.0.0 --port 8000
