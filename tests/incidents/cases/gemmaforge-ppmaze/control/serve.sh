# https://kenrollins.github.io/gemma-forge/journal/journey/10-the-parallelism-maze/ (the layout that works)
# the context the project served it with: max_model_len=4096 (the same build log's
# https://kenrollins.github.io/gemma-forge/journal/gotchas/context-window-edge/, "NVFP4 31B on 2x L4 (tp=2) ... even with max_model_len=4096")
vllm serve nvidia/Gemma-4-31B-IT-NVFP4 --tensor-parallel-size 2 --max-model-len 4096
