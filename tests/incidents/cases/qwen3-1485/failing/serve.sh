# QwenLM/Qwen3#1485: Qwen3-30B-A3B-FP8 (block FP8) with SGLang 0.4.6.post5 at TP 4 -> fails creating the FP8 MoE experts ("无法跑TP8也没法跑TP4")
python3 -m sglang.launch_server --model-path Qwen/Qwen3-30B-A3B-FP8 --tp 4
