# https://github.com/InternLM/lmdeploy/issues/1269: Qwen1.5-7B-Chat on the PyTorch engine on a V100 ->
# Triton "Feature '.bf16' requires .target sm_80 or higher"
lmdeploy serve api_server ./Qwen/Qwen1.5-7B-Chat/ --server-name 0.0.0.0 --server-port 8334 --backend  pytorch --tp 1 --cache-max-entry-count 0.2 --session-len 32000
