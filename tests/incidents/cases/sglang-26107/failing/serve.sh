# https://github.com/sgl-project/sglang/issues/26107: Step-3.5-Flash-FP8 at TP 4 / EP 4 ->
# ValueError: Weight output_partition_size = 320 is not divisible by weight quantization block_n = 128
python -m sglang.launch_server \
  --model-path Step-3.5-Flash-FP8 \
  --tp 4 \
  --ep 4 \
  --quantization fp8 \
  --trust-remote-code
