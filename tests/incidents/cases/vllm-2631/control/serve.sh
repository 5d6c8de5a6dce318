# vllm-project/vllm#2631: "normal non-AWQ Mixtral works perfectly fine for exact same usage pattern"
python  -m vllm.entrypoints.openai.api_server         --port=5002         --host=0.0.0.0         --model=cognitivecomputations/dolphin-2.7-mixtral-8x7b         --seed 1234         --trust-remote-code         --tensor-parallel-size=2
