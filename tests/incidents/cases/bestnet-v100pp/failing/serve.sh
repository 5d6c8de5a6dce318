# bestnetllc.co.jp "Resolving the issue where pipeline_parallel=2 crashes on V100": Qwen2.5-14B-Instruct on two GPUStack workers of 2 x Tesla V100
# (GPUStack v2.1.1, vLLM 0.17.1, Ray 2.54.0) with pipeline_parallel=2 -> AttributeError in _TorchTensorAcceleratorChannel on every chat request
vllm serve Qwen/Qwen2.5-14B-Instruct --tensor-parallel-size 2 --pipeline-parallel-size 2 --distributed-executor-backend ray
