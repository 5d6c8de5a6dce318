# vllm-project/vllm#4429: deepseek-coder-33b-instruct in float16, TP 2 on two L40 (vLLM 0.4.1), verbatim
python -m vllm.entrypoints.openai.api_server --dtype float16 --trust-remote-code --model /models/deepseek-coder-33b-instruct  --served-model-name deepseek-coder-33b-instruct --port 8000 --host 0.0.0.0 --tensor-parallel-size 2
