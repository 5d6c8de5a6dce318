# InternLM/lmdeploy#3646: internlm2_5-7b-chat on one Tesla P6 (14.90 GiB) -> CUDA out of memory at start-up
lmdeploy serve api_server internlm/internlm2_5-7b-chat --server-port 23333
