# vllm-project/vllm#18446: "the model serves correctly when using the V0 engine"
VLLM_USE_V1=0 vllm serve Qwen/Qwen3-235B-A22B --gpu-memory-utilization 0.90 --tensor-parallel-size=8 --enable-expert-parallel --max-model-len 32000 --seed 42 --enable-auto-tool-choice --tool-call-parser hermes
