# vllm-project/vllm#49224 / #49233: Llama-3.1-70B-Instruct FP8 at TP 8 on 8 x L40S, vLLM 0.25.1
# -> "capture_model() OOMed at startup" (the FP8 checkpoint is the catalog's RedHatAI release [M])
pip install vllm==0.25.1
vllm serve RedHatAI/Meta-Llama-3.1-70B-Instruct-FP8 --tensor-parallel-size 8
