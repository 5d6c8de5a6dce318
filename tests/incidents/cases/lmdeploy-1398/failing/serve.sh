# https://github.com/InternLM/lmdeploy/issues/1398: Qwen1.5-1.8B-Chat on a T4 16G ->
# AssertionError: bf16 is not supported on your device
lmdeploy serve api_server Qwen/Qwen1.5-1.8B-Chat --server-port 23333 --cache-max-entry-count 0.5
