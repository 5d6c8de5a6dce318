# vllm-project/vllm#6156 (garyyang85): the start command without --max-seq-len/--max-model-len fails: max seq len (163840) > KV cache (63040)
python3 -m vllm.entrypoints.openai.api_server --dtype float16 --trust-remote-code --model DeepSeek-Coder-V2-Lite-Instruct --port 9000 --host 0.0.0.0 --tensor-parallel-size 2
