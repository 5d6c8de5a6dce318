# vllm-project/vllm#9445: Llama-3.2-11B-Vision-Instruct on one A100 80GB (vLLM 0.6.3) -> OOM
vllm serve meta-llama/Llama-3.2-11B-Vision-Instruct --chat-template /workspace/llama_process/chat_template.jinja --max-model-len 1024
