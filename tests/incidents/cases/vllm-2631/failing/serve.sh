# vllm-project/vllm#2631: Mixtral AWQ, TP 2 on 2 x A100 80GB, vLLM 0.2.7 -> OOM at ~31k-token prompts
python  -m vllm.entrypoints.openai.api_server         --port=5002         --host=0.0.0.0         --model=TheBloke/dolphin-2.7-mixtral-8x7b-AWQ         --seed 1234         --trust-remote-code         --quantization awq         --tensor-parallel-size=2
