# vllm-project/vllm#6156 (garyyang85): "deepseek-coder-v2-lite-instruct can be started on 2 x L40 GPU ... Below is my start cmd."
python3 -m vllm.entrypoints.openai.api_server --dtype float16 --trust-remote-code --model DeepSeek-Coder-V2-Lite-Instruct --port 9000 --host 0.0.0.0 --tensor-parallel-size 2 --max-seq-len 63040 --max-model-len 30720
