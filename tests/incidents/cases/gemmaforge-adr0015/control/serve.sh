# https://kenrollins.github.io/gemma-forge/adr/0015-gemma-4-model-lineup/ (the layout the page adopts)
# NVIDIA's NVFP4 checkpoint at TP 2: ~11 GB per GPU, 15.1 tok/s
vllm serve nvidia/Gemma-4-31B-IT-NVFP4 --tensor-parallel-size 2
