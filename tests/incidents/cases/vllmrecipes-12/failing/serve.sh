# vllm-project/recipes#12: Qwen3-Coder-480B-A35B-Instruct-FP8, DP 8 + EP on 8 x H20, default 256K context
vllm serve /tmp/model/Qwen3-Coder-480B-A35B-Instruct-FP8 --served-model-name Qwen3-Coder-480B-A35B-FP8 -dp=8  --enable-expert-parallel --enable-auto-tool-choice --tool-call-parser qwen3_coder
