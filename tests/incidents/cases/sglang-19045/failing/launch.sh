# sgl-project/sglang#19045 (comment by AlfredYyong): Qwen3.5-397B-A17B-FP8 at TP 8 on 8 x H20
# -> Weight output_partition_size = 8 is not divisible by weight quantization block_n = 128
python3 -m sglang.launch_server \
  --model-path Qwen/Qwen3.5-397B-A17B-FP8 \
  --trust-remote-code \
  --served-model-name qwen3.5-397b-a17b-fp8 \
  --max-prefill-tokens 32768 \
  --context-length 65536 \
  --tensor-parallel-size 8 \
  --max-running-requests 8 \
  --host 0.0.0.0 \
  --port 8021 \
  --mem-fraction-static 0.9 \
  --tool-call-parser qwen3_coder \
  --reasoning-parser qwen3 \
  --speculative-algo NEXTN \
  --speculative-num-steps 3 \
  --speculative-eagle-topk 1 \
  --speculative-num-draft-tokens 4
