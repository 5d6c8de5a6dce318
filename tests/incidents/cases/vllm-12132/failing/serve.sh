# vllm-project/vllm#12132: TP 4 across four one-GPU GH200 nodes (Ray) on vLLM main of January 2025
# -> "please set tensor_parallel_size (4) to less than max local gpu count (1)"
python3 -m vllm.entrypoints.openai.api_server --model /models/my-model \
	--tensor-parallel-size 4 \
	--gpu-memory-utilization 0.95 \
	--served-model-name my-model \
	--trust-remote-code \
	--api-key "NONE" \
	--rope-scaling '{"rope_type":"dynamic","factor":4.0}' \
	--enable-prefix-caching \
	--max-model-len 131072
