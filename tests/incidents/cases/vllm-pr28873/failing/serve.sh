# vllm-project/vllm#28873 (reproduction on a 2x8 (nodes x gpus) Ray cluster):
# AssertionError: local_world_size (16) must be less than or equal to the number of visible devices (8).
vllm serve mistralai/Mistral-Small-3.2-24B-Instruct-2506   --tokenizer_mode mistral --config_format mistral   --load_format mistral --tool-call-parser mistral   --enable-auto-tool-choice --limit-mm-per-prompt '{"image":10}'   --tensor-parallel-size 16   --max_model_len 65536   --max_num_seqs 128   --distributed-executor-backend ray --enforce_eager
