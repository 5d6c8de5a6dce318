# vllm-project/vllm#5951: model='/data/zhaopengfeng/models/Phi-3-medium-4k-instruct', tensor_parallel_size=4 (vLLM 0.5.0.post1)
python -m vllm.entrypoints.openai.api_server --model /data/zhaopengfeng/models/Phi-3-medium-4k-instruct --tensor-parallel-size 4 --dtype float16 --enforce-eager --disable-custom-all-reduce --trust-remote-code
