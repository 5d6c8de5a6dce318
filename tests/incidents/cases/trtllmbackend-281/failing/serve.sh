#!/bin/sh
# triton-inference-server/tensorrtllm_backend#281: mistral-7b engine (TP 2, max_batch_size 32, 32256 + 16384 tokens) -> Triton's TensorRT-LLM model fails to load: out of memory
base_model=mistral-7b
python3 build.py --model_dir ${base_model}  --dtype float16 \
      --use_gpt_attention_plugin float16  \
      --use_gemm_plugin float16  \
      --output_dir "saved_model/2-gpu"  \
      --max_batch_size "32" --max_input_len 32256 --max_output_len 16384 \
      --use_rmsnorm_plugin float16  \
      --remove_input_padding \
      --enable_context_fmha \
      --use_inflight_batching \
      --paged_kv_cache \
      --max_num_tokens "2048" \
      --world_size 2 \
      --tp_size 2

python3 launch_triton_server.py --world_size=2 --model_repo=./triton_model_repo
