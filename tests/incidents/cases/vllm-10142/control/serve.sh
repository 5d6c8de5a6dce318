# vllm-project/vllm#10142: mgoin - "I made a fresh Qwen2 VL 72B FP8 model here ... and it loaded fine on 2xH100 with TP=2."
vllm serve nm-testing/Qwen2-VL-72B-Instruct-FP8-dynamic --tensor-parallel-size 2
