# https://money.csdn.net/68400ac4965a29319f24e756.html: Qwen3-235B-A22B-AWQ on eight RTX 4090 24G, vLLM 0.8.5.post1
# (the command as shown, its per-line comments dropped; the stored text ends after --enforce-eager)
sudo docker run --runtime nvidia --gpus all -d \
  -v /home/ps/Qwen3:/models \
  --privileged \
  --ipc=host \
  --pid=host \
  --net=host \
  --name Qwen3 \
  vllm/vllm-openai:latest \
  --model /models/Qwen/Qwen3-235B-A22B-AWQ \
  -tp 8 \
  --trust-remote-code \
  --tensor-parallel-size 8 \
  --enable-chunked-prefill \
  --enable-expert-parallel \
  --quantization awq_marlin \
  --enable-reasoning \
  --reasoning-parser deepseek_r1 \
  --enforce-eager
