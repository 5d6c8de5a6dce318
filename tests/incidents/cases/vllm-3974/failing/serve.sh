# vllm-project/vllm#3974: Phi-3-vision-128k-instruct, TP 4 -> out of memory (vLLM 0.5.3.post1)
vllm serve microsoft/Phi-3-vision-128k-instruct --tensor-parallel-size 4 --trust-remote-code --dtype=half
