# vllm-project/vllm#7028 (hieunguyenquoc): on a Colab T4, "when I try to reduce the value of gpu_memory_utilization to 0.1,
# it gets the error : 'No available memory for the cache blocks ...'"
from vllm import LLM, SamplingParams
sampling_params = SamplingParams(temperature=0.1, top_p=0.95, max_tokens = 128)

llm = LLM(model="hiuman/Vistral-7B-Chat-quantize", quantization="AWQ",enforce_eager=True, gpu_memory_utilization=0.1)
