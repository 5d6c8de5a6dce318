# InternLM/lmdeploy#2127: Qwen2-72B-Instruct at --tp 8 on 8 x RTX 2080 Ti 22 GB -> TurboMind out of memory (vLLM runs it on the same GPUs)
CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 lmdeploy serve api_server  --model-name qwen2-72b-instruct --allow-origins '*' --tp 8 --log-level INFO --session-len 24000 --cache-max-entry-count 0.01 --model-format hf /root/.cache/Qwen2-72B-Instruct/
