# https://github.com/sgl-project/sglang/issues/552: sglang 0.1.17, deepseek-7b at tp=2 on a 2xT4 Kaggle machine ->
# custom_all_reduce.cuh:307 'peer access is not supported between these two devices'
python -m sglang.launch_server --model-path deepseek-ai/deepseek-llm-7b-chat --tp 2
