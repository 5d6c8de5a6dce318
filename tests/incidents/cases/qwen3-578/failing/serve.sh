# QwenLM/Qwen3#578 (Qwen2): a self-quantized Qwen2-72B-Instruct GPTQ-Int8 (intermediate_size 29568, group 128) on 2 x A800 with vLLM 0.4.0.post1 -> does not start
python -m vllm.entrypoints.openai.api_server --model /models/Qwen2-72B-Instruct-GPTQ-Int8 --quantization gptq --tensor-parallel-size 2
