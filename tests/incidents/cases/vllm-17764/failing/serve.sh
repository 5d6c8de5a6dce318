# vllm-project/vllm#17764: the engine's own config line (model='/home/xinference/cache/qwen3-fp8-30b',
# tensor_parallel_size=1, quantization=fp8, trust_remote_code=True), written as the command it implies
vllm serve /home/xinference/cache/qwen3-fp8-30b --quantization fp8 --tensor-parallel-size 1 --trust-remote-code
