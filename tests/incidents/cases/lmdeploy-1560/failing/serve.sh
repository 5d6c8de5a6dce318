# InternLM/lmdeploy#1560: Qwen1.5-32B-Chat AWQ (group size 128) with tp 4 on 4 x A10 -> intermediate_size 27392 not divisible by 4*128
lmdeploy serve api_server /workspace/mnt/models/Qwen1.5-32B-Chat/awq_lmdeploy --model-format awq --tp 4
