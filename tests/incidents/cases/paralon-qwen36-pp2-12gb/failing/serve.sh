# https://paraloncloud.com/resources/scheduling-llms-across-mixed-gpus: "our planner computed \"needs 2 GPUs\" for the 27B on a 12 GB card.
# At pipeline-parallel size 2, each card got ~9 GB of weights, then vLLM tried to allocate the 2.4 GB LM head — and died with CUDA out of memory"
vllm serve Qwen3.6-27B-AWQ-INT4 \
  --pipeline-parallel-size 2
