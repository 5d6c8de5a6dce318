# vllm-project/vllm#18446: Qwen3-235B-A22B, TP 8 with expert parallelism on the V1 engine -> OOM
vllm serve Qwen/Qwen3-235B-A22B --gpu-memory-utilization 0.90 --tensor-parallel-size=8 --enable-expert-parallel --max-model-len 32000 --seed 42 --enable-auto-tool-choice --tool-call-parser hermes
