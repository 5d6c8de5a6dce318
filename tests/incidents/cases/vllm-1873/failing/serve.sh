# vllm-project/vllm#1873 (verbatim)
CUDA_VISIBLE_DEVICES=0,1,2,3 python3 -m vllm.entrypoints.openai.api_server --dtype bfloat16 --max-model-len 7000 --tokenizer-mode auto --max-num-batched-tokens 30000 --block-size 16 --swap-space 16 --served-model-name codellama-13b-hf --model /home/models/CodeLlama-13b-hf/ --host 0.0.0.0 --port 8000 --tensor-parallel-size=4 --max-num-seqs 1024
