# InternLM/lmdeploy#3154: the same model on four H100s with --tp 4, which runs ("70B能够正常运行")
CUDA_VISIBLE_DEVICES=0,1,2,3 lmdeploy serve api_server /app123/model/DeepSeek-R1-Distill-Llama-70B --backend turbomind --server-port 8000 --device cuda --chat-template deepseek --tp 4
