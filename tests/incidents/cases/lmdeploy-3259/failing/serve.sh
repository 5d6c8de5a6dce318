# InternLM/lmdeploy#3259: DeepSeek-R1-Distill-Qwen-32B on TurboMind with four GPUs visible and no --tp
# -> "[TM][ERROR] pointer_mapping_ does not have information of ptr ... Aborted (core dumped)"
CUDA_VISIBLE_DEVICES=4,5,6,7 lmdeploy serve api_server \
/app123/model/DeepSeek-R1-Distill-Qwen-32B \
--backend turbomind \
--server-port 8000 \
--device cuda \
--chat-template deepseek
