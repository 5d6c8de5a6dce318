# triton-inference-server/tensorrtllm_backend#685: the same engine built with --max_batch_size 1, which loads and serves
python3 convert_checkpoint.py --model_dir ./tmp/Qwen/32B/ --output_dir ./tllm_checkpoint_1gpu_fp16 --dtype float16 --workers 4
trtllm-build --checkpoint_dir ./tllm_checkpoint_1gpu_fp16 --output_dir ./tmp/qwen/32B/trt_engines/fp16/1-gpu --gemm_plugin float16 --max_input_len 16384 --max_batch_size 1
