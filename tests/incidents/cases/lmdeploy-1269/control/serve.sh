# https://github.com/InternLM/lmdeploy/issues/1269: the same launch on the TurboMind engine,
# "TurboMind backend可以推理30k token很轻松"
lmdeploy serve api_server ./Qwen/Qwen1.5-7B-Chat/ --server-name 0.0.0.0 --server-port 8334 --backend turbomind --tp 1 --cache-max-entry-count 0.2 --session-len 32000
