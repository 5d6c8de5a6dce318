# https://github.com/NVIDIA/TensorRT-LLM/issues/1428: FP8 quantization and engine build of llama-7b on A100 80G ->
# "Networks with FP8 precision require hardware with FP8 support."
HF_MODEL_PATH=/data/fxl-trt/llms/llama-7b
NUM_WORKERS=4
MAX_BATCH_SIZE=16
MAX_INPUT_LEN=1800
MAX_OUTPUT_LEN=100

## FP8 quantization
python examples/quantization/quantize.py --model_dir /data/fxl-trt/llms/llama-7b --dtype float16 --qformat fp8 --kv_cache_dtype fp8 --output_dir ./llama-7b-fp8-ckpt --tp_size 4
trtllm-build --checkpoint_dir ./llama-7b-fp8-ckpt --output_dir ./llama-7b-fp8-engine --max_batch_size 16 --max_input_len 1800 --max_output_len 100 --workers 4
