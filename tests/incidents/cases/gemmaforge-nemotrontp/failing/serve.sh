# https://kenrollins.github.io/gemma-forge/journal/gotchas/nemotron-tp-tiling-error/ (parameters the page states)
# Nemotron-3-Nano-30B-A3B NVFP4 at TP 2 on two L4 (Marlin FP4 path on Ada): size_n = 5152 is not divisible by tile_n_size = 64
vllm serve nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-NVFP4 --tensor-parallel-size 2
