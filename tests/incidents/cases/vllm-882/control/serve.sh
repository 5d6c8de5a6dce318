# vllm-project/vllm#882: the reporter's working command on the same 8 x A100-40G
python -m vllm.entrypoints.openai.api_server \
--model meta-llama/Llama-2-70b-chat-hf \
--tensor-parallel-size 8
