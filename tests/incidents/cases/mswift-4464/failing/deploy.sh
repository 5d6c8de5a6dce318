# modelscope/ms-swift#4464: swift deploy at TP 4 with --max_model_len 80000; requests over 32768 tokens are refused
CUDA_VISIBLE_DEVICES=4,5,6,7 \
swift deploy \
  --infer_backend vllm \
  --max_model_len 80000 \
  --log_interval 0 \
  --verbose False \
  --port 8080 \
  --adapters output_sft_0530/qwen2.5-72b/checkpoint-395 \
  --max_new_tokens 8000 \
  --tensor_parallel_size 4 \
  --merge_lora true
