# InternLM/lmdeploy#3280: the same command on two H100s, which works
lmdeploy serve api_server Qwen2.5-VL-7B-Instruct/ --server-port 23333 --model-name Qwen2.5-VL-7B-Instruct --tp 2 --session-len 32768 --eager-mode --cache-max-entry-count 0.99
