# vllm-project/vllm#50019 (mikekg): on one A100 80GB under vLLM 0.26.0 -> "ValueError: The quantization method modelopt is not
# supported for the current GPU. Minimum capability: 89. Current capability: 80."
pip install vllm==0.26.0
vllm serve nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-FP8 --tensor-parallel-size 1 --dtype bfloat16 --kv-cache-dtype fp8
