# InternLM/lmdeploy#3259: the same launch with --tp 4, "而使用如下命令就不会报错"
CUDA_VISIBLE_DEVICES=4,5,6,7 lmdeploy serve api_server \
/app123/model/DeepSeek-R1-Distill-Qwen-32B \
--backend turbomind \
--server-port 8000 \
--device cuda \
--chat-template deepseek \
--tp 4
