# InternLM/lmdeploy#3280: Qwen2.5-VL-7B on one H100 crashes at run time with three 1920x1080 images
lmdeploy serve api_server Qwen2.5-VL-7B-Instruct/ --server-port 23333 --model-name Qwen2.5-VL-7B-Instruct --tp 1 --session-len 32768 --eager-mode --cache-max-entry-count 0.99
