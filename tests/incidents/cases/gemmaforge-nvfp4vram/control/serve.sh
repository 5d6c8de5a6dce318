# https://kenrollins.github.io/gemma-forge/journal/gotchas/nvfp4-vram-math/ (the page's fix)
vllm serve nvidia/Gemma-4-31B-IT-NVFP4 --tensor-parallel-size 2
