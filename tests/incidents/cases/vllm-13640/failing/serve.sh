# vllm-project/vllm#13640 (verbatim)
python3 -m vllm.entrypoints.openai.api_server --model Qwen/Qwen2.5-VL-72B-Instruct-AWQ --host 0.0.0.0 --port 8000  --tensor-parallel-size 2
