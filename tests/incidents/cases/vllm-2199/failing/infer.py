# vllm-project/vllm#2199 (carlosandrea): "CUDA OOM error at loading" -> "Tried to allocate 10.75 GiB. GPU 0 has a total capacty of 23.65 GiB"
from vllm import LLM

llm = LLM(model="/root/Thot/llama_model_weights/quantized/Q4/Phind-CodeLlama-34B-v2-AWQ", quantization='awq', dtype='half', gpu_memory_utilization=0.95)
