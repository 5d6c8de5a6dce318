# InternLM/lmdeploy#1442: Qwen1.5-7B-Chat with TP 1 on a 16 GB T4 -> CUDA OOM on GPU 0
CUDA_VISIBLE_DEVICES='0,1,2' lmdeploy serve api_server ../Qwen1___5-7B-Chat --server-name 0.0.0.0 --server-port 8011  --tp 1
