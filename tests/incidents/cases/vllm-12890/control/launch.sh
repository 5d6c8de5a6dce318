# vllm-project/vllm#12890: "with sglang can achieve 163840" on the same 8 x H20 (96GB)
python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 8 --trust-remote-code --mem-fraction-static 0.9 --host 0.0.0.0 --port 50050 --served-model-name atom
