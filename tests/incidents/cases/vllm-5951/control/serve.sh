# vllm-project/vllm#5951: "When I set VLLM_TENSOR_PARALLEL_SIZE = 2, it works well."
python -m vllm.entrypoints.openai.api_server --model /data/zhaopengfeng/models/Phi-3-medium-4k-instruct --tensor-parallel-size 2 --dtype float16 --enforce-eager --disable-custom-all-reduce --trust-remote-code
