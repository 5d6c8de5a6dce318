# https://kenrollins.github.io/gemma-forge/journal/journey/10-the-parallelism-maze/ (the layout that works)
vllm serve nvidia/Gemma-4-31B-IT-NVFP4 --tensor-parallel-size 2
