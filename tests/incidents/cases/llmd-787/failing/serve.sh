# llm-d/llm-d#787: the decode pods' vLLM arguments (values.yaml line 41)
vllm serve Qwen/Qwen3-32B --tensor-parallel-size 2 --gpu-memory-utilization=0.95
