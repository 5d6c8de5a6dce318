# https://kenforever1.github.io/blog/llm推理tp和head_num有什么关系: LMDeploy 0.7.0.post3 (TurboMind),
# InternVL2_5-78B-MPO with tensor_para_size 6 -> AssertionError head_num % tensor_para_size == 0
lmdeploy serve api_server OpenGVLab/InternVL2_5-78B-MPO --backend turbomind --tp 6 --session-len 32768
