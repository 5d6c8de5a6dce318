# vllm-project/vllm#18478: "When I set up `cpu_offload_gb=8` then model correctly loads"
from vllm import LLM

model_path = "Qwen/Qwen2.5-7B-Instruct"
llm = LLM(model=model_path,
          dtype='float16',
          tensor_parallel_size=2,
          max_seq_len_to_capture=512,
          cpu_offload_gb=8,
)
