# vllm-project/vllm#11984: DeepSeek-V2.5-1210 at TP 8 x PP 3 across RTX 4090 nodes - fails (error in a gist; no cause established)
vllm serve /model/DeepSeek-V2.5-1210 \
--tensor-parallel-size 8 \
--pipeline-parallel-size 3 \
--trust_remote_code \
--enforce-eager
