# vllm-project/vllm#9445: the reporter's fix
vllm serve meta-llama/Llama-3.2-11B-Vision-Instruct --chat-template /workspace/llama_process/chat_template.jinja --max-model-len 1024 --max-num-seqs 32 --enforce-eager
