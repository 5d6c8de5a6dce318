# InternLM/lmdeploy#1755: Qwen2-72B-Instruct-AWQ at --tp 4 on RTX 4090s -> "都会卡死 一直无响应"
CUDA_VISIBLE_DEVICES=0,1,2,3  lmdeploy serve api_server /home/nlp/pretrain_models/Qwen2-72B-Instruct-AWQ \
--model-name qwen  \
--server-name 0.0.0.0 \
--server-port 23334 \
--tp 4 \
--cache-max-entry-count 0.1 \
--quant-policy 4 \
--model-format awq
