# netease-youdao/QAnything#233: `run.sh -c local -i 1 -b vllm -m Qwen-7B-QAnything ...` on an RTX 2080 Ti 22 GB -> vLLM refuses bfloat16
python -m vllm.entrypoints.openai.api_server --model /model_repos/CustomLLM/Qwen-7B-QAnything --trust-remote-code
