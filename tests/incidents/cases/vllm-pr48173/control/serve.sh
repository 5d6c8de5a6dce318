# vllm-project/vllm#48173: "(TP=4 -> 384 works)"
vllm serve MiniMaxAI/MiniMax-M2.7 -tp 4 --trust-remote-code
