# bestnetllc.co.jp (the fix): "By switching to tensor_parallel=4 / pipeline_parallel=1, we achieved a complete fix"
vllm serve Qwen/Qwen2.5-14B-Instruct --tensor-parallel-size 4 --pipeline-parallel-size 1 --distributed-executor-backend ray
