# vllm-project/vllm#1234: leo-hessianai-7B-AWQ on one RTX 3060 12 GB -> out of memory at start-up
python -m vllm.entrypoints.api_server --model TheBloke/leo-hessianai-7B-AWQ --quantization awq
