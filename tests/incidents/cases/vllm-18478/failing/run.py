# vllm-project/vllm#18478: Qwen2.5-7B, TP 2 on 2 x RTX 2080 Ti 11GB -> OOM at load
from vllm import LLM

model_path = "Qwen/Qwen2.5-7B-Instruct"
llm = LLM(model=model_path,
          dtype='float16',
          tensor_parallel_size=2,
          max_seq_len_to_capture=512,
)
