# vllm-project/vllm-omni#3151: the validated command of the Qwen2.5-Omni-7B recipe on one A100 80GB (verbatim)
# -> "text run: ready=1, curl_status=0; audio run: ready=1, curl_status=0; max sampled GPU memory: 63236 MiB"
vllm-omni serve Qwen/Qwen2.5-Omni-7B --omni --host 127.0.0.1 --port 8091 --stage-overrides '{"0":{"devices":"0","gpu_memory_utilization":0.45},"1":{"devices":"0","gpu_memory_utilization":0.30},"2":{"devices":"0","gpu_memory_utilization":0.15}}'
