# vllm-project/vllm#7202: Qwen2-7B-Instruct at pipeline-parallel-size 8 on 8 x A800-SXM4-80GB;
# "only 1 or 2 GPUs running at the same time" (the stored command is cut after --trust-rem...)
CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 python -m vllm.entrypoints.openai.api_server \
    --model /data/models/Qwen2-7B-Instruct/ \
    --served-model-name aaa \
    --trust-remote-code \
    --pipeline-parallel-size 8
