# https://kenrollins.github.io/gemma-forge/adr/0015-gemma-4-model-lineup/ (the layout the page adopts)
# NVIDIA's NVFP4 checkpoint at TP 2: ~11 GB per GPU, 15.1 tok/s
# the context the project served it with: max_model_len=4096 (the same build log's
# https://kenrollins.github.io/gemma-forge/journal/gotchas/context-window-edge/, "NVFP4 31B on 2x L4 (tp=2) ... even with max_model_len=4096")
vllm serve nvidia/Gemma-4-31B-IT-NVFP4 --tensor-parallel-size 2 --max-model-len 4096
