# gpustack/gpustack#2259: "Run vllm with arguments: serve ... --max-model-len 8192 --tensor-parallel-size 3 ..."
vllm serve /root/workspace/d19ndanhri0c73dr6i5g/cache/model_scope/LLM-Research/gemma-3-27b-it --max-model-len 8192 --tensor-parallel-size 3 --host 0.0.0.0 --port 40059 --served-model-name gemma-3-27b-it
