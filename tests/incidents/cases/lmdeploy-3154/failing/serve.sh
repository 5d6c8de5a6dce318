# InternLM/lmdeploy#3154: DeepSeek-R1-Distill-Llama-70B on two visible H100s, no --tp -> out of memory creating the weights
CUDA_VISIBLE_DEVICES=3,4 lmdeploy serve api_server /app123/model/DeepSeek-R1-Distill-Llama-70B --backend turbomind --server-port 8000 --device cuda --chat-template deepseek
