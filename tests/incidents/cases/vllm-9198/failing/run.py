# vllm-project/vllm#9198: two workers on one T4 (16 GB), each LLM at gpu_memory_utilization=0.4, initialised
# simultaneously -> "ValueError: No available memory for the cache blocks"
import threading

from vllm import LLM

model_path = "Qwen/Qwen2-1.5B-Instruct"  # "my llm model is qwen2 1.5b"


class Worker:
    def __init__(self):
        self.llm = LLM(model=model_path, tensor_parallel_size=1, enforce_eager=True, gpu_memory_utilization=0.4)


threads = [threading.Thread(target=Worker) for _ in range(2)]
for t in threads:
    t.start()
for t in threads:
    t.join()
