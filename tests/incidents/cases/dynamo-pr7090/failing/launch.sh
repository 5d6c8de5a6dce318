# ai-dynamo/dynamo#7090: Llama 4 Maverick multimodal, disaggregated over two nodes (prefill on one, decode on the other), TP 8 a worker
# -> OOM in the multinode setup at free_gpu_memory_fraction 0.30, max_num_tokens 8192, max_batch_size 16
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
