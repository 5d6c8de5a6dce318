# SemiAnalysisAI/InferenceX#2128: "launch `sglang serve … --tp 8 … --mem-fraction-static 0.88`" (elided flags left out)
sglang serve --model-path deepseek-ai/DeepSeek-V4-Pro --tp 8 --mem-fraction-static 0.88
