# InternLM/lmdeploy#2219: Qwen1.5-32B-Chat-AWQ-G32 (AWQ group size 32) on TurboMind -> "Assertion fail ... bind.cpp:294" ("目前只支持 128 的 group size")
lmdeploy serve api_server D:/AI_model/Qwen1.5-32B-Chat-AWQ-G32 --backend turbomind --model-format awq --tp 1
