# vllm-project/vllm#48173 (verbatim): "Every TP worker aborts at load"
vllm serve MiniMaxAI/MiniMax-M2.7 -tp 8 --trust-remote-code
