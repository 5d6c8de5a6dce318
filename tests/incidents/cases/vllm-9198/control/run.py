# vllm-project/vllm#9198: the same two workers initialised one by one ("if initialized one by one
# sequentially, there is no problem")
from vllm import LLM

model_path = "Qwen/Qwen2-1.5B-Instruct"  # "my llm model is qwen2 1.5b"


class Worker:
    def __init__(self):
        self.llm = LLM(model=model_path, tensor_parallel_size=1, enforce_eager=True, gpu_memory_utilization=0.4)


workers = [Worker(), Worker()]
