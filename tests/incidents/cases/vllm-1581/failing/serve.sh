# vllm-project/vllm#1581 (yuchenlin): Phi-3-medium-128k-instruct with 4 GPUs fails, 2 work
python -m vllm.entrypoints.openai.api_server --model microsoft/Phi-3-medium-128k-instruct --tensor-parallel-size 4
