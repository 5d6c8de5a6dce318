# QwenLM/Qwen2-VL#231 (now QwenLM/Qwen3-VL#231): the official quantized Qwen2-VL-72B (intermediate_size 29568, group size 128) with tensor parallel 2 on two V100-32G -> vLLM cannot start
vllm serve Qwen/Qwen2-VL-72B-Instruct-GPTQ-Int4 --tensor-parallel-size 2 --dtype half
