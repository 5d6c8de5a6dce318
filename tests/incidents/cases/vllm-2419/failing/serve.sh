# vllm-project/vllm#2419: qiumuyang - engine args model='csdc-atl/Baichuan2-7B-Chat-GPTQ-Int4', tensor_parallel_size=4, quantization=gptq
python -m vllm.entrypoints.api_server --model csdc-atl/Baichuan2-7B-Chat-GPTQ-Int4 --quantization gptq --tensor-parallel-size 4 --trust-remote-code --dtype float16
