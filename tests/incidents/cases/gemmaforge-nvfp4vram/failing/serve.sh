# https://kenrollins.github.io/gemma-forge/journal/gotchas/nvfp4-vram-math/ (parameters the page states)
# Gemma 4 31B NVFP4 on one L4 24 GB: ~22 GB of weights (attention, LM head and vision tower stay BF16)
vllm serve nvidia/Gemma-4-31B-IT-NVFP4
