# zai-org/GLM-4.5@7c94b1630dcf example/AMD_GPU/README.md ('Step 3' / 'Run the vllm online serving' sample command): copied as written
VLLM_USE_V1=1 vllm serve zai-org/GLM-4.5 --tensor-parallel-size 8 --gpu-memory-utilization 0.95 --disable-log-requests --no-enable-prefix-caching --trust-remote-code 
