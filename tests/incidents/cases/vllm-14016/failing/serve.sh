# vllm-project/vllm#14016: Moonlight-16B-A3B-Instruct (DeepseekV3ForCausalLM) at TP 2 on two RTX 2080 Ti -> FA2/FA3 unsupported on sm75, the engine fails
vllm serve /mnt/e/Code/models/Moonlight-16B-A3B-Instruct --trust-remote-code --dtype float16 --max-model-len 8192 --tensor-parallel-size 2 --served-model-name vLLM/Moonlight-16B-A3B-Instruct
