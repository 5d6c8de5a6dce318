# MiaAI-Lab/GLM-5.3-Flash-EXL3-2x-DGX-Sparks#47: the recipe's defaults (GPU_MEM_UTIL=0.87, MAX_MODEL_LEN=1000000) on 2 x DGX Spark, TP=2
# -> "the default GPU_MEM_UTIL=0.87 never passes vLLM's startup memory check on our kit. Free memory on cuda:0 at boot caps at
#    101.3-102.2 GiB of 121.69 ... the check (wants 105.87 GiB) always fails"
# node 0 (head)
vllm serve Mia-AiLab/GLM-5.3-Flash-EXL3-TR3-4bpw --tensor-parallel-size 2 --nnodes 2 --node-rank 0 --master-addr 192.168.100.1 --gpu-memory-utilization 0.87 --max-model-len 1000000 --kv-cache-dtype fp8 --trust-remote-code
# node 1 (worker)
vllm serve Mia-AiLab/GLM-5.3-Flash-EXL3-TR3-4bpw --tensor-parallel-size 2 --nnodes 2 --node-rank 1 --master-addr 192.168.100.1 --headless --gpu-memory-utilization 0.87 --max-model-len 1000000 --kv-cache-dtype fp8 --trust-remote-code
