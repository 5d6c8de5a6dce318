# vllm-project/vllm#7028 (hieunguyenquoc): "When I load model with default gpu_memory_utilization (which is 0.9), it loads ok."
from vllm import LLM, SamplingParams
sampling_params = SamplingParams(temperature=0.1, top_p=0.95, max_tokens = 128)

llm = LLM(model="hiuman/Vistral-7B-Chat-quantize", quantization="AWQ",enforce_eager=True)
