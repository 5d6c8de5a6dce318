# MiaAI-Lab/GLM-5.3-Flash-EXL3-2x-DGX-Sparks#47: the workaround the maintainer confirms for that kit
# -> "On the ~102 snapshot, your 0.82 + drop_caches + 700000 ... is the right local workaround"
# node 0 (head)
vllm serve Mia-AiLab/GLM-5.3-Flash-EXL3-TR3-4bpw --tensor-parallel-size 2 --nnodes 2 --node-rank 0 --master-addr 192.168.100.1 --gpu-memory-utilization 0.82 --max-model-len 700000 --kv-cache-dtype fp8 --trust-remote-code
# node 1 (worker)
vllm serve Mia-AiLab/GLM-5.3-Flash-EXL3-TR3-4bpw --tensor-parallel-size 2 --nnodes 2 --node-rank 1 --master-addr 192.168.100.1 --headless --gpu-memory-utilization 0.82 --max-model-len 700000 --kv-cache-dtype fp8 --trust-remote-code
