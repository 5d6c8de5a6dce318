# ai-dynamo/dynamo#7090: Llama 4 Maverick multimodal, disaggregated over two nodes (prefill on one, decode on the other), TP 8 a worker
# (merged) the same workers with free_gpu_memory_fraction 0.20, max_num_tokens 4096, max_batch_size 8 - "Fix verified by QA"
# node 0: prefill worker
python3 -m dynamo.trtllm \
  --model-path meta-llama/Llama-4-Maverick-17B-128E-Instruct \
  --served-model-name meta-llama/Llama-4-Maverick-17B-128E-Instruct \
  --extra-engine-args ./prefill.yaml \
  --disaggregation-mode prefill
# node 1: decode worker
python3 -m dynamo.trtllm \
  --model-path meta-llama/Llama-4-Maverick-17B-128E-Instruct \
  --served-model-name meta-llama/Llama-4-Maverick-17B-128E-Instruct \
  --extra-engine-args ./decode.yaml \
  --disaggregation-mode decode
