# https://kenrollins.github.io/gemma-forge/journal/gotchas/nemotron-tp-tiling-error/ (the page's fix)
vllm serve nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-NVFP4 --pipeline-parallel-size 2
