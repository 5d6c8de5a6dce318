# https://kenrollins.github.io/gemma-forge/adr/0015-gemma-4-model-lineup/ (parameters the page states)
# Gemma 4 31B-IT in BF16 at TP 2 on two L4 24 GB: 62 GB / 2 = 31 GB per GPU
vllm serve google/gemma-4-31B-it --tensor-parallel-size 2
