#!/bin/sh
# NVIDIA/TensorRT-LLM#1700: Llama 3 70B engine at TP 8 on A800 (TensorRT-LLM 0.11.0.dev2024052800); a rank is killed (signal 9)
trtllm-build --checkpoint_dir {checkpoint_dir} --output_dir {output_dir}  --gemm_plugin float16 --gpt_attention_plugin float16 --paged_kv_cache enable  --max_batch_size 32 --max_input_len 1024 --max_output_len 1024 --tp_size 8 --pp_size 1

mpirun -n 8 --allow-run-as-root python3 run.py --max_output_len=2048 --tokenizer_dir {tokenizer_dir} --engine_dir {engine_dir} --streaming --log_level info
