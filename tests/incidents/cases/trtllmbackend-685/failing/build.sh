# triton-inference-server/tensorrtllm_backend#685: DeepSeek-R1-Distill-Qwen-32B FP16 engine built with the default max_batch_size (2048) -> Triton's TensorRT-LLM backend runs out of memory loading it on one A100 80GB
python3 convert_checkpoint.py --model_dir ./tmp/Qwen/32B/ --output_dir ./tllm_checkpoint_1gpu_fp16 --dtype float16 --workers 4
trtllm-build --checkpoint_dir ./tllm_checkpoint_1gpu_fp16 --output_dir ./tmp/qwen/32B/trt_engines/fp16/1-gpu --gemm_plugin float16 --max_input_len 16384
